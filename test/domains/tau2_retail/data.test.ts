/** loadRetailDb: the shipped retail DB. */
import { afterAll, describe, expect, it } from "vitest";
import { loadRetailDb } from "../../../src/domains/tau2_retail/data.js";
import { fullChecks, removeCopies, ROOT } from "../../helpers/fixture-copies.js";

afterAll(removeCopies);

// Loading skips the schema check of files the manifest pins; these check the pinned files in full.
fullChecks();

describe("loadRetailDb", () => {
  it("reads the 1000 orders", () => {
    expect(Object.keys(loadRetailDb(ROOT).orders)).toHaveLength(1000);
  });
});
