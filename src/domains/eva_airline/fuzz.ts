/** What `evalsim fuzz` needs to know about eva_airline beyond its tool schemas (see engine/fuzz-profile.ts). */
import type { FuzzProfile } from "../../engine/fuzz-profile.js";

export const evaAirlineFuzz: FuzzProfile = {
  uncheckedFields: [],
  records: "flat",
  replayFromRecords: false,
  hints: {
    aliases: {
      new_journey_id: ["journey_id"],
      flight_date: ["date"],
      passenger_ids: ["passenger_id"],
      new_fare_class: ["fare_class"],
      refund_amount: ["refund_amount", "fare_paid", "amount"],
      amount: ["amount", "fare_paid"],
    },
    shapes: {},
    constants: { passenger_count: [1, 2, 3], num_bags: [0, 1, 2, 3], num_nights: [1, 2], transfer_reason: ["complex_itinerary"] },
  },
  parityCrashes: [
    {
      tool: "AssignSeatTool",
      message: /^invalid literal for int\(\) with base 10: /,
      why:
        "the seat row is int() of the passenger id's last three characters, and the passenger is never looked up, " +
        "so an id that fits ^PAX\\d+$ with fewer than three digits (PAX1, PAX00) raises ValueError in the reference too",
      example: {
        scenario: "eva_airline__voluntary_date_change",
        calls: [{ name: "AssignSeatTool", arguments: { confirmation_number: "ZK3FFW", passenger_id: "PAX00", journey_id: "FL_SK621_20260320", seat_preference: "window" } }],
        error: "invalid literal for int() with base 10: 'X00'",
      },
    },
  ],
};
