/**
 * End-to-end parity with the dataset: each call list, run on the scenario DB,
 * must reach the dataset's `expected_scenario_db` (same canonical hash). The
 * call lists were derived from the difference between the scenario DB and its
 * expected DB and confirmed by running them through the reference tools, which
 * reach the same hash.
 */
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../../src/json/types.js";
import { dbHash } from "../../../src/hash/db/index.js";
import { at, expectedScenarioDb, scenarioDb, session } from "./harness.js";

type Call = [string, JsonObject];

const CALLS: Record<string, Call[]> = {
  "1.1.2": [
    ["RebookFlightTool", { confirmation_number: "ZK3FFW", journey_id: "FL_SK621_20260320", new_journey_id: "FL_SK703_20260325", rebooking_type: "voluntary", waive_change_fee: false }],
    ["AssignSeatTool", { confirmation_number: "ZK3FFW", passenger_id: "PAX001", journey_id: "FL_SK703_20260325", seat_preference: "window" }],
  ],
  "2.1.1": [
    ["RebookFlightTool", { confirmation_number: "FAR0UM", journey_id: "FL_SK302_20260414", new_journey_id: "FL_SK410_20260414", rebooking_type: "irrops_cancellation", waive_change_fee: false }],
    ["AssignSeatTool", { confirmation_number: "FAR0UM", passenger_id: "PAX001", journey_id: "FL_SK410_20260414", seat_preference: "aisle" }],
    ["IssueMealVoucherTool", { confirmation_number: "FAR0UM", passenger_id: "PAX001", voucher_reason: "cancellation_wait_same_day" }],
  ],
  "3.1.3": [["AddToStandbyTool", { confirmation_number: "EPXYEK", journey_id: "FL_SK330_20260611", passenger_ids: ["PAX001"] }]],
  "5.1.1": [
    ["CancelReservationTool", { confirmation_number: "8JVSDF", journey_id: "FL_SK642_20260520", cancellation_reason: "voluntary" }],
    ["ProcessRefundTool", { confirmation_number: "8JVSDF", refund_amount: 1285.0, refund_type: "full_fare" }],
  ],
  "7.2.1": [
    [
      "RebookFlightTool",
      { confirmation_number: "BZIW48", journey_id: "FL_SK445_20260415", new_journey_id: "FL_SK451_20260415", rebooking_type: "voluntary", waive_change_fee: false, new_fare_class: "basic_economy" },
    ],
    ["AssignSeatTool", { confirmation_number: "BZIW48", passenger_id: "PAX001", journey_id: "FL_SK451_20260415", seat_preference: "aisle" }],
  ],
  "2.1.2": [
    ["RebookFlightTool", { confirmation_number: "PP248Z", journey_id: "FL_SK518_20260607", new_journey_id: "FL_SK610_20260608", rebooking_type: "irrops_cancellation", waive_change_fee: false }],
    ["AssignSeatTool", { confirmation_number: "PP248Z", passenger_id: "PAX001", journey_id: "FL_SK610_20260608", seat_preference: "aisle" }],
    ["IssueHotelVoucherTool", { confirmation_number: "PP248Z", passenger_id: "PAX001", num_nights: 1 }],
    ["IssueMealVoucherTool", { confirmation_number: "PP248Z", passenger_id: "PAX001", voucher_reason: "irrops_overnight" }],
  ],
  "2.3.4": [
    ["CancelReservationTool", { confirmation_number: "DX8W4I", journey_id: "FL_SK660_20260825", cancellation_reason: "voluntary" }],
    ["ProcessRefundTool", { confirmation_number: "DX8W4I", refund_amount: 342.5, refund_type: "full_fare" }],
    ["ProcessRefundTool", { confirmation_number: "DX8W4I", refund_amount: 74.98, refund_type: "ancillary_fees" }],
  ],
  "4.2.4": [
    ["AddToStandbyTool", { confirmation_number: "CR27HC", journey_id: "FL_SK110_20261119", passenger_ids: ["PAX001"] }],
    ["AddToStandbyTool", { confirmation_number: "CR27HC", journey_id: "FL_SK130_20261119", passenger_ids: ["PAX001"] }],
  ],
  "1.1.5": [
    ["RebookFlightTool", { confirmation_number: "YTM924", journey_id: "FL_SK401_20261101", new_journey_id: "FL_SK415_20261103", rebooking_type: "voluntary", waive_change_fee: false }],
    ["AssignSeatTool", { confirmation_number: "YTM924", passenger_id: "PAX001", journey_id: "FL_SK415_20261103", seat_preference: "aisle" }],
    ["RebookFlightTool", { confirmation_number: "YTM924", journey_id: "FL_SK402_20261105", new_journey_id: "FL_SK510_20261108", rebooking_type: "voluntary", waive_change_fee: false }],
    ["AssignSeatTool", { confirmation_number: "YTM924", passenger_id: "PAX001", journey_id: "FL_SK510_20261108", seat_preference: "aisle" }],
  ],
  "3.1.5": [
    ["RebookFlightTool", { confirmation_number: "M9M6FJ", journey_id: "FL_SK715_SK330_20260908", new_journey_id: "FL_SK907_20260908", rebooking_type: "voluntary", waive_change_fee: false }],
    ["AssignSeatTool", { confirmation_number: "M9M6FJ", passenger_id: "PAX001", journey_id: "FL_SK907_20260908", seat_preference: "aisle" }],
  ],
};

describe("call lists reach the dataset's expected_scenario_db", () => {
  it.each(Object.entries(CALLS))("scenario %s", (evaId, calls) => {
    const s = session(scenarioDb(evaId));
    for (const [name, args] of calls) expect(s.call(name, args).status).toBe("ok");
    expect(s.hash).toBe(dbHash(expectedScenarioDb(evaId)));
  });

  it("the expected DBs keep the checked bags across a rebook (7.2.1), which upstream eva's reset to 0 would miss", () => {
    const expected = expectedScenarioDb("7.2.1");
    expect(at(expected, "reservations", "BZIW48", "bookings", 1, "segments", 0, "bags_checked")).toBe(1);
  });
});
