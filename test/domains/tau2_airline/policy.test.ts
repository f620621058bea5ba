/**
 * tau2_airline's policy rules, each with a call list that breaks it and one
 * that keeps it, replayed on the shipped airline DB. Reservations were picked
 * from db/reservations.json by what the rule reads (cabin, insurance,
 * membership, flight statuses); the tools carry out every call checked here,
 * since a refused call breaks no rule.
 */
import { describe, expect, it } from "vitest";
import { factsText } from "../../../src/engine/policy-rule.js";
import { call, replayWithRules, ruleIds, scenarioEntry } from "../../helpers/policy-calls.js";

const S = "tau2_airline__7";
const only = (rule: string, r: ReturnType<typeof replayWithRules>) => r.violations.filter((v) => v.rule === rule);
const allOk = (r: ReturnType<typeof replayWithRules>) => expect(r.statuses.every((s) => s === "ok")).toBe(true);

describe("airline.cancel.eligibility", () => {
  it("tau2_airline__7's gold calls without the cabin upgrade cancel a basic economy reservation nothing makes cancellable", () => {
    const gold = scenarioEntry(S).scenario.goldCalls();
    const withoutUpgrade = gold.filter((c) => c.name !== "update_reservation_flights");
    const r = replayWithRules(S, withoutUpgrade);
    allOk(r);
    expect(r.violations).toEqual([
      {
        scenario: S,
        step: 2,
        tool: "cancel_reservation",
        rule: "airline.cancel.eligibility",
        facts: {
          reservation: "XEHM4B",
          cabin: "basic_economy",
          insurance: "no",
          booked: "2024-05-01 (14 days before today)",
          "flights cancelled by the airline": [],
          "reason for cancellation": "not checked (only the conversation holds it)",
        },
      },
    ]);
    expect(factsText(r.violations[0]!.facts)).toContain("cabin: basic_economy, insurance: no, booked: 2024-05-01 (14 days before today), flights cancelled by the airline: none");
  });

  it("the whole gold list keeps it: upgraded to business first, and the other reservation is insured", () => {
    const r = replayWithRules(S, scenarioEntry(S).scenario.goldCalls());
    allOk(r);
    expect(r.violations).toEqual([]);
  });

  it("a booking made within the last 24 hours may be cancelled (created 2024-05-14T15:00 or later)", () => {
    // 4NXSCL: regular basic economy, booked 2024-05-10: not eligible. A fresh booking of the same user is.
    const r = replayWithRules(S, [
      call("book_reservation", {
        user_id: "mia_santos_2092",
        origin: "LAS",
        destination: "ATL",
        flight_type: "one_way",
        cabin: "basic_economy",
        flights: [{ flight_number: "HAT005", date: "2024-05-16" }],
        passengers: [{ first_name: "Mia", last_name: "Santos", dob: "1990-01-01" }],
        payment_methods: [{ payment_id: "credit_card_5606648", amount: 60 }],
        total_baggages: 0,
        nonfree_baggages: 0,
        insurance: "no",
      }),
      call("cancel_reservation", { reservation_id: "HATHAT" }),
      call("cancel_reservation", { reservation_id: "4NXSCL" }),
    ]);
    expect(r.statuses).toEqual(["ok", "ok", "ok"]);
    expect(r.violations.map((v) => [v.step, v.rule])).toEqual([[2, "airline.cancel.eligibility"]]);
  });
});

describe("airline.cancel.flown", () => {
  it("cancelling a reservation whose flights have landed breaks it; one whose flights are all ahead keeps it", () => {
    const r = replayWithRules(S, [call("cancel_reservation", { reservation_id: "J15DC0" }), call("cancel_reservation", { reservation_id: "4WQ150" })]);
    allOk(r);
    expect(only("airline.cancel.flown", r)).toEqual([
      {
        scenario: S,
        step: 0,
        tool: "cancel_reservation",
        rule: "airline.cancel.flown",
        facts: { reservation: "J15DC0", "flights flown": ["HAT065 2024-05-13 landed", "HAT157 2024-05-13 landed"], "other flights": [] },
      },
    ]);
  });
});

describe("airline.change.basic-economy", () => {
  it("new flights for a basic economy reservation break it; a cabin change on the same flights keeps it", () => {
    const newFlights = [
      { flight_number: "HAT005", date: "2024-05-17" },
      { flight_number: "HAT052", date: "2024-05-18" },
    ];
    const broken = replayWithRules(S, [call("update_reservation_flights", { reservation_id: "XEHM4B", cabin: "basic_economy", flights: newFlights, payment_id: "credit_card_2408938" })]);
    allOk(broken);
    expect(ruleIds(broken.violations)).toEqual(["airline.change.basic-economy"]);
    expect(broken.violations[0]!.facts).toEqual({
      reservation: "XEHM4B",
      cabin: "basic_economy",
      "flights before": ["HAT005 2024-05-20", "HAT178 2024-05-30"],
      "flights after": ["HAT005 2024-05-17", "HAT052 2024-05-18"],
    });
    const kept = replayWithRules(S, [scenarioEntry(S).scenario.goldCalls()[2]!]);
    allOk(kept);
    expect(kept.violations).toEqual([]);
  });
});

describe("airline.change.route", () => {
  // JEPRZB: gold member, economy, one way EWR -> MSP on HAT208 2024-05-19.
  const change = (flight: string, date: string) =>
    call("update_reservation_flights", { reservation_id: "JEPRZB", cabin: "economy", flights: [{ flight_number: flight, date }], payment_id: "gift_card_9782382" });

  it("a flight to another destination breaks it; the same route another day keeps it", () => {
    const kept = replayWithRules(S, [change("HAT208", "2024-05-20")]);
    allOk(kept);
    expect(kept.violations).toEqual([]);
    const broken = replayWithRules(S, [change("HAT041", "2024-05-20")]);
    allOk(broken);
    expect(broken.violations).toEqual([
      {
        scenario: S,
        step: 0,
        tool: "update_reservation_flights",
        rule: "airline.change.route",
        facts: { reservation: "JEPRZB", "trip type": "one_way", "booked route": "EWR - MSP", "new flights": ["HAT041 2024-05-20 EWR-LAX"] },
      },
    ]);
  });
});

const booking = (over: Record<string, unknown>) =>
  call("book_reservation", {
    user_id: "mia_li_3668", // gold member
    origin: "LAS",
    destination: "ATL",
    flight_type: "one_way",
    cabin: "economy",
    flights: [{ flight_number: "HAT005", date: "2024-05-16" }], // economy: $134
    passengers: [{ first_name: "Mia", last_name: "Li", dob: "1990-04-05" }],
    payment_methods: [{ payment_id: "credit_card_4421486", amount: 134 }],
    total_baggages: 0,
    nonfree_baggages: 0,
    insurance: "no",
    ...over,
  });
const passengers = (n: number) => Array.from({ length: n }, (_, i) => ({ first_name: `P${i}`, last_name: "Li", dob: "1990-01-01" }));

describe("airline.bags.allowance", () => {
  it("a gold member's economy passenger has three free bags: charging the third breaks it, not charging keeps it", () => {
    const broken = replayWithRules(S, [booking({ total_baggages: 3, nonfree_baggages: 1, payment_methods: [{ payment_id: "credit_card_4421486", amount: 184 }] })]);
    allOk(broken);
    expect(broken.violations).toEqual([
      {
        scenario: S,
        step: 0,
        tool: "book_reservation",
        rule: "airline.bags.allowance",
        facts: { membership: "gold", cabin: "economy", passengers: 1, "free bags": 3, "total bags": 3, "bags charged": 1, "bags the policy charges": 0 },
      },
    ]);
    const kept = replayWithRules(S, [booking({ total_baggages: 3 })]);
    allOk(kept);
    expect(kept.violations).toEqual([]);
  });

  it("adding a bag to a silver business reservation of three (nine free) may not charge for it", () => {
    const add = (nonfree: number) => call("update_reservation_baggages", { reservation_id: "4WQ150", total_baggages: 6, nonfree_baggages: nonfree, payment_id: "gift_card_3576581" });
    const broken = replayWithRules(S, [add(1)]);
    allOk(broken);
    expect(broken.violations.map((v) => [v.rule, v.facts["bags charged"], v.facts["bags the policy charges"], v.facts["free bags"]])).toEqual([["airline.bags.allowance", 1, 0, 9]]);
    const kept = replayWithRules(S, [add(0)]);
    allOk(kept);
    expect(kept.violations).toEqual([]);
  });

  it("after bags were charged otherwise, an update that charges exactly the bag it adds keeps it", () => {
    const set = (total: number, nonfree: number) => call("update_reservation_baggages", { reservation_id: "4WQ150", total_baggages: total, nonfree_baggages: nonfree, payment_id: "gift_card_3576581" });
    // 14 bags: five beyond the nine free ones; the first update charges one (against the policy's five), the second adds one and charges it.
    const r = replayWithRules(S, [set(14, 1), set(15, 2)]);
    allOk(r);
    expect(r.violations.map((v) => [v.step, v.rule])).toEqual([[0, "airline.bags.allowance"]]);
  });
});

describe("airline.bags.no-removal", () => {
  it("lowering the bag count breaks it; raising it keeps it", () => {
    const set = (total: number) => call("update_reservation_baggages", { reservation_id: "4WQ150", total_baggages: total, nonfree_baggages: 0, payment_id: "gift_card_3576581" });
    const broken = replayWithRules(S, [set(3)]);
    allOk(broken);
    expect(broken.violations).toEqual([{ scenario: S, step: 0, tool: "update_reservation_baggages", rule: "airline.bags.no-removal", facts: { reservation: "4WQ150", "bags before": 5, "bags after": 3 } }]);
    expect(replayWithRules(S, [set(7)]).violations).toEqual([]);
  });
});

describe("airline.book.passengers", () => {
  it("six passengers break it; five keep it", () => {
    const broken = replayWithRules(S, [booking({ passengers: passengers(6), payment_methods: [{ payment_id: "credit_card_4421486", amount: 6 * 134 }] })]);
    allOk(broken);
    expect(broken.violations).toEqual([{ scenario: S, step: 0, tool: "book_reservation", rule: "airline.book.passengers", facts: { passengers: 6, "at most": 5 } }]);
    const kept = replayWithRules(S, [booking({ passengers: passengers(5), payment_methods: [{ payment_id: "credit_card_4421486", amount: 5 * 134 }] })]);
    allOk(kept);
    expect(kept.violations).toEqual([]);
  });
});

describe("airline.book.payment-limits", () => {
  it("two credit cards on one booking break it; one card keeps it", () => {
    const two = [
      { payment_id: "credit_card_4421486", amount: 100 },
      { payment_id: "credit_card_1955700", amount: 34 },
    ];
    const broken = replayWithRules(S, [booking({ payment_methods: two })]);
    allOk(broken);
    expect(broken.violations).toEqual([
      {
        scenario: S,
        step: 0,
        tool: "book_reservation",
        rule: "airline.book.payment-limits",
        facts: { "payment methods": ["credit_card_4421486 (credit_card)", "credit_card_1955700 (credit_card)"], "over the limit": ["credit_card: 2 (at most 1)"] },
      },
    ]);
    const kept = replayWithRules(S, [booking({})]);
    allOk(kept);
    expect(kept.violations).toEqual([]);
  });
});

describe("compensation", () => {
  // 4NXSCL: mia_santos_2092 (regular), basic economy, no insurance, one passenger, flights delayed on 2024-05-15.
  // 3JA7XV: mei_brown_7075 (regular), business, four passengers, a flight delayed on 2024-05-15.
  // 3I818F: amelia_nguyen_7778 (silver), economy, three passengers, a flight delayed on 2024-05-15.
  const certificate = (user: string, amount: number) => call("send_certificate", { user_id: user, amount });

  it("airline.compensation.eligibility: a regular member without insurance in (basic) economy gets none; a business traveller may", () => {
    const broken = replayWithRules(S, [call("cancel_reservation", { reservation_id: "4NXSCL" }), certificate("mia_santos_2092", 50)]);
    allOk(broken);
    expect(only("airline.compensation.eligibility", broken)).toEqual([
      {
        scenario: S,
        step: 1,
        tool: "send_certificate",
        rule: "airline.compensation.eligibility",
        facts: {
          user: "mia_santos_2092",
          membership: "regular",
          "reservations with disrupted flights": ["4NXSCL (basic_economy, insurance no, 1 passenger)"],
          "insured or business reservations": [],
        },
      },
    ]);
    const kept = replayWithRules(S, [call("cancel_reservation", { reservation_id: "3JA7XV" }), certificate("mei_brown_7075", 200)]);
    allOk(kept);
    expect(kept.violations).toEqual([]);
  });

  it("airline.compensation.amount: $50 a passenger for a delay; any other sum breaks it", () => {
    const broken = replayWithRules(S, [call("cancel_reservation", { reservation_id: "3JA7XV" }), certificate("mei_brown_7075", 400)]);
    allOk(broken);
    expect(only("airline.compensation.amount", broken).map((v) => v.facts)).toEqual([
      {
        user: "mei_brown_7075",
        amount: 400,
        "reservations with cancelled flights": [],
        "reservations with delayed flights": ["3JA7XV (business, insurance no, 4 passengers)"],
        "amounts the policy allows": [200],
      },
    ]);
  });

  it("airline.compensation.delay-needs-change: a delay certificate with no change or cancellation of that reservation in the list breaks it", () => {
    const broken = replayWithRules(S, [certificate("amelia_nguyen_7778", 150)]);
    allOk(broken);
    expect(broken.violations).toEqual([
      {
        scenario: S,
        step: 0,
        tool: "send_certificate",
        rule: "airline.compensation.delay-needs-change",
        facts: {
          user: "amelia_nguyen_7778",
          amount: 150,
          "reservations with delayed flights": ["3I818F (economy, insurance no, 3 passengers)"],
          "changed or cancelled in this call list": [],
        },
      },
    ]);
    // The cancellation may come after the certificate in the list: the rule is settled once the list is complete.
    const kept = replayWithRules(S, [certificate("amelia_nguyen_7778", 150), call("cancel_reservation", { reservation_id: "3I818F" })]);
    allOk(kept);
    expect(only("airline.compensation.delay-needs-change", kept)).toEqual([]);
  });
});
