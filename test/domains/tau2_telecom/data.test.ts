/** loadTelecomDb and loadTelecomUserDb: the shipped back-office and phone DBs. */
import { afterAll, describe, expect, it } from "vitest";
import { loadTelecomDb, loadTelecomUserDb } from "../../../src/domains/tau2_telecom/data.js";
import { fullChecks, removeCopies, ROOT } from "../../helpers/fixture-copies.js";

afterAll(removeCopies);

// Loading skips the schema check of files the manifest pins; these check the pinned files in full.
fullChecks();

describe("telecom DBs", () => {
  it("read the back office's customers in file order and the phone's device", () => {
    expect(loadTelecomDb(ROOT).customers.map((c) => c.customer_id)).toEqual(["C1001", "C1002", "C1003", "C1004"]);
    expect(loadTelecomUserDb(ROOT).device.battery_level).toBe(80);
  });
});
