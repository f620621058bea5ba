/** loadAirlineDb: the shipped airline DB, assembled from its table shards. */
import { afterAll, describe, expect, it } from "vitest";
import { loadAirlineDb } from "../../../src/domains/tau2_airline/data.js";
import { fullChecks, removeCopies, ROOT } from "../../helpers/fixture-copies.js";

afterAll(removeCopies);

// Loading skips the schema check of files the manifest pins; these check the pinned files in full.
fullChecks();

describe("loadAirlineDb", () => {
  it("reads every table, with key order and unknown fields as in the files", () => {
    const airline = loadAirlineDb(ROOT);
    expect([Object.keys(airline.flights).length, Object.keys(airline.reservations).length]).toEqual([300, 2000]);
    expect(Object.keys(airline.users)).toHaveLength(500);
    // flights.json lists origin before flight_number; the schema names them the other way round.
    const hat001 = Object.keys(airline.flights["HAT001"] ?? {});
    expect(hat001.slice(0, 3)).toEqual(["origin", "destination", "flight_number"]);
  });
});
