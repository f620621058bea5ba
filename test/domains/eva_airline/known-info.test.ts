/** knownInfoProse: eva's information_required as the sentences a caller says. */
import { describe, expect, it } from "vitest";
import { knownInfoProse } from "../../../src/domains/eva_airline/known-info.js";

describe("knownInfoProse", () => {
  it("says each fact as a sentence, labels without underscores or a passenger prefix", () => {
    expect(knownInfoProse({ confirmation_number: "ZK3FFW", passenger_last_name: "Nakamura", party_size: 2, flexible: true })).toBe(
      "My confirmation number is ZK3FFW. My last name is Nakamura. My party size is 2. My flexible is true.",
    );
  });

  it("says lists and objects as sequences, and leaves out nulls and the raw segment records", () => {
    expect(
      knownInfoProse({
        preferred_flights: ["SK621", "SK623"],
        route: { origin: "SFO", destination: "JFK" },
        seat: null,
        original_travel_details: [{ flight_number: "SK100" }],
        empty: [],
      }),
    ).toBe("My preferred flights is SK621, then SK623. My route is SFO, then JFK.");
  });
});
