/**
 * tau2-bench tests/test_domains/test_airline/test_tools_airline.py (tag
 * voice-user-sim-v1.0, commit 17e07b1da2bbc0cadfddeea36412686e0604127b), one
 * test per upstream test, on its `airline_db` fixture (airline-db.ts).
 * tau2's `environment.get_response(call)` is evalsim's dispatch: `error` is a
 * result of status "error" (tau2 raises, NeMo returns the error dict), and
 * `content` is the tool message text the model reads. Where NeMo's result
 * differs from tau2's, the test asserts NeMo's (divergence
 * `tau2:nemo-result-shapes`): search results and `calculate` come wrapped
 * in `{"status": "success", ...}`.
 */
import { describe, expect, it } from "vitest";
import { deliveredResult } from "../../../src/engine/bots/llm-context.js";
import type { JsonValue } from "../../../src/json/types.js";
import { pyJsonDumps } from "../../../src/python/json-dumps.js";
import { session } from "../../domains/tau2_airline/harness.js";
import { airlineTestDb } from "./airline-db.js";

type Obj = Record<string, any>;

/** tau2's `response.error`: the call failed. */
const failed = (out: { status: string }): boolean => out.status !== "ok";
/** tau2's `response.content`: the text the model reads. */
const content = (result: JsonValue): string => pyJsonDumps(deliveredResult(result));

function env() {
  const s = session(airlineTestDb());
  return {
    call: (name: string, args: JsonValue) => s.call(name, args),
    reservation: (id: string): Obj => (s.db["reservations"] as Obj)[id] as Obj,
    user: (id: string): Obj => (s.db["users"] as Obj)[id] as Obj,
  };
}

const BOOK = {
  user_id: "mia_li_3668",
  origin: "PHL",
  destination: "LGA",
  flight_type: "one_way",
  cabin: "economy",
  flights: [{ flight_number: "HAT001", date: "2024-05-16" }],
  passengers: [{ first_name: "Noah", last_name: "Brown", dob: "1990-01-01" }],
  payment_methods: [{ payment_id: "credit_card_4421486", amount: 122 }],
  total_baggages: 2,
  nonfree_baggages: 0,
  insurance: "no",
};

describe("tau2-bench test_tools_airline.py", () => {
  it("test_book_reservation", () => {
    const e = env();
    expect(failed(e.call("book_reservation", BOOK))).toBe(false);
    expect(failed(e.call("book_reservation", { ...BOOK, payment_methods: [{ payment_id: "credit_card_4421486", amount: 121 }] }))).toBe(true);
  });

  it("test_cancel_reservation", () => {
    const e = env();
    expect(failed(e.call("cancel_reservation", { reservation_id: "4WQ150" }))).toBe(false);
    const r = e.reservation("4WQ150");
    expect(r["status"]).toBe("cancelled");
    expect(r["payment_history"]).toHaveLength(2);
    expect(r["payment_history"][1].amount).toBe(-r["payment_history"][0].amount);
  });

  it("test_get_reservation_details", () => {
    const e = env();
    expect(failed(e.call("get_reservation_details", { reservation_id: "4WQ150" }))).toBe(false);
    expect(failed(e.call("get_reservation_details", { reservation_id: "NONEXISTENT" }))).toBe(true);
  });

  it("test_get_user_details", () => {
    const e = env();
    expect(failed(e.call("get_user_details", { user_id: "mia_li_3668" }))).toBe(false);
    expect(failed(e.call("get_user_details", { user_id: "NONEXISTENT" }))).toBe(true);
  });

  it("test_list_all_airports", () => {
    expect(failed(env().call("list_all_airports", {}))).toBe(false);
  });

  it("test_search_direct_flight (divergence tau2:nemo-result-shapes: the flights list comes wrapped)", () => {
    const e = env();
    const found = e.call("search_direct_flight", { origin: "PHL", destination: "LGA", date: "2024-05-16" });
    expect(failed(found)).toBe(false);
    // tau2: len(json.loads(content)) == 1, a list of one flight. NeMo: {"status", "flights"} holding that one flight.
    const doc = JSON.parse(content(found.result)) as Obj;
    expect(Object.keys(doc)).toEqual(["status", "flights"]);
    expect(doc["flights"]).toHaveLength(1);
    const none = JSON.parse(content(e.call("search_direct_flight", { origin: "PHL", destination: "LGA", date: "2024-05-17" }).result)) as Obj;
    expect(none).toEqual({ status: "success", flights: [] });
  });

  it("test_search_onestop_flight (divergence tau2:nemo-result-shapes: the pairs come wrapped)", () => {
    const e = env();
    const found = e.call("search_onestop_flight", { origin: "PHL", destination: "LAX", date: "2024-05-16" });
    expect(failed(found)).toBe(false);
    const doc = JSON.parse(content(found.result)) as Obj;
    expect(Object.keys(doc)).toEqual(["status", "onestop_flights"]);
    expect(doc["onestop_flights"]).toHaveLength(1);
    const none = JSON.parse(content(e.call("search_onestop_flight", { origin: "PHL", destination: "LAX", date: "2024-05-17" }).result)) as Obj;
    expect(none).toEqual({ status: "success", onestop_flights: [] });
  });

  it("test_send_certificate", () => {
    const e = env();
    expect(failed(e.call("send_certificate", { user_id: "mia_li_3668", amount: 100 }))).toBe(false);
    expect(e.user("mia_li_3668")["payment_methods"]["certificate_3221322"].amount).toBe(100);
  });

  it("test_transfer_to_human_agents", () => {
    expect(failed(env().call("transfer_to_human_agents", { summary: "The user wants to cancel the reservation." }))).toBe(false);
  });

  it("test_update_reservation_baggages", () => {
    const e = env();
    const args = { reservation_id: "4WQ150", total_baggages: 2, nonfree_baggages: 2, payment_id: "credit_card_4421486" };
    expect(failed(e.call("update_reservation_baggages", args))).toBe(false);
    const r = e.reservation("4WQ150");
    expect(r["total_baggages"]).toBe(2);
    expect(r["nonfree_baggages"]).toBe(2);
    expect(r["payment_history"].at(-1).amount).toBe(100);
    expect(failed(e.call("update_reservation_baggages", { ...args, payment_id: "certificate_4856383" }))).toBe(true);
  });

  it("test_update_reservation_flights", () => {
    const e = env();
    const out = e.call("update_reservation_flights", { reservation_id: "4WQ150", cabin: "basic_economy", flights: [{ flight_number: "HAT001", date: "2024-05-16" }], payment_id: "credit_card_4421486" });
    expect(failed(out)).toBe(false);
    const r = e.reservation("4WQ150");
    expect(r["cabin"]).toBe("basic_economy");
    expect(r["payment_history"].at(-1).amount).toBe(-70);
  });

  it("test_update_reservation_passengers", () => {
    const e = env();
    const passengers = [
      { first_name: "John", last_name: "Doe", dob: "1956-07-07" },
      { first_name: "Jane", last_name: "Doe", dob: "1967-04-01" },
    ];
    expect(failed(e.call("update_reservation_passengers", { reservation_id: "4WQ150", passengers }))).toBe(false);
    expect(e.reservation("4WQ150")["passengers"]).toEqual(passengers);
    const three = [...passengers, { first_name: "Jim", last_name: "Beam", dob: "1978-05-03" }];
    expect(failed(e.call("update_reservation_passengers", { reservation_id: "4WQ150", passengers: three }))).toBe(true);
  });

  it("test_calculate (divergence tau2:nemo-result-shapes: the result comes wrapped)", () => {
    const out = env().call("calculate", { expression: "1 + 1" });
    // tau2: content == "2.0". NeMo: the same string, inside {"status": "success", "result": ...}.
    expect(content(out.result)).toBe('{"status": "success", "result": "2.0"}');
  });
});
