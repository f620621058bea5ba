/**
 * policy.md "Refunds and Compensation": who may get a certificate
 * (`send_certificate`), for how much, and what must go with a delay
 * certificate. A certificate names no reservation, so the rules look at the
 * user's reservations that could ground it: one with a flight the airline
 * cancelled ($100 a passenger) or one with a delayed flight ($50 a passenger).
 */
import type { PolicyRule } from "../../../engine/policy-rule.js";
import type { JsonObject } from "../../../json/types.js";
import { entry, getUser } from "../tools/db.js";
import type { ReservationView } from "./read.js";
import { argText, membership, num, reservationView, text } from "./read.js";

const SECTION = "Refunds and Compensation";

function reservationsOf(db: JsonObject, userId: string): ReservationView[] {
  const ids = entry(getUser(db, userId), "reservations");
  return (Array.isArray(ids) ? ids : []).map((id) => reservationView(db, text(id))).filter((r): r is ReservationView => r !== undefined);
}

const withStatus = (rs: readonly ReservationView[], status: string) => rs.filter((r) => r.legs.some((l) => l.status === status));
const insuredOrBusiness = (r: ReservationView) => r.insurance === "yes" || r.cabin === "business";
const describe = (r: ReservationView) => `${r.id} (${r.cabin}, insurance ${r.insurance}, ${r.passengers} passenger${r.passengers === 1 ? "" : "s"})`;

export const compensationEligibility: PolicyRule = {
  id: "airline.compensation.eligibility",
  policy: {
    section: SECTION,
    sentence: "Do not compensate if the user is regular member and has no travel insurance and flies (basic) economy. Only compensate if the user is a silver/gold member or has travel insurance or flies business.",
  },
  tools: ["send_certificate"],
  check({ call, db }) {
    const userId = argText(call.args, "user_id");
    const member = membership(db, userId);
    if (member === "silver" || member === "gold" || member === "unknown") return null;
    const all = reservationsOf(db, userId);
    const affected = [...withStatus(all, "cancelled"), ...withStatus(all, "delayed")];
    const grounds = affected.length > 0 ? affected : all;
    if (grounds.some(insuredOrBusiness)) return null;
    return { facts: { user: userId, membership: member, "reservations with disrupted flights": affected.map(describe), "insured or business reservations": [] } };
  },
};

export const compensationAmount: PolicyRule = {
  id: "airline.compensation.amount",
  policy: {
    section: SECTION,
    sentence: "Cancelled flights: a certificate of $100 times the number of passengers; delayed flights: $50 times the number of passengers. Do not offer compensation for any other reason.",
  },
  tools: ["send_certificate"],
  check({ call, db }) {
    const userId = argText(call.args, "user_id");
    const amount = num(call.args["amount"]);
    if (Number.isNaN(amount)) return null;
    const all = reservationsOf(db, userId);
    const cancelled = withStatus(all, "cancelled");
    const delayed = withStatus(all, "delayed");
    const allowed = [...cancelled.map((r) => 100 * r.passengers), ...delayed.map((r) => 50 * r.passengers)];
    if (allowed.includes(amount)) return null;
    return {
      facts: {
        user: userId,
        amount,
        "reservations with cancelled flights": cancelled.map(describe),
        "reservations with delayed flights": delayed.map(describe),
        "amounts the policy allows": [...new Set(allowed)].sort((a, b) => a - b),
      },
    };
  },
};

export const delayCertificateWithChange: PolicyRule = {
  id: "airline.compensation.delay-needs-change",
  policy: {
    section: SECTION,
    sentence:
      "If the user complains about delayed flights in a reservation and wants to change or cancel the reservation, the agent can offer a certificate as a gesture after confirming the facts and changing or cancelling the reservation.",
  },
  tools: ["send_certificate"],
  check({ call, db }) {
    const userId = argText(call.args, "user_id");
    const amount = num(call.args["amount"]);
    const all = reservationsOf(db, userId);
    // A cancelled-flight certificate needs no change; only a certificate the delay amount alone explains does.
    if (withStatus(all, "cancelled").some((r) => 100 * r.passengers === amount)) return null;
    const delayed = withStatus(all, "delayed").filter((r) => 50 * r.passengers === amount);
    if (delayed.length === 0) return null;
    const ids = new Set(delayed.map((r) => r.id));
    return {
      facts: {
        user: userId,
        amount,
        "reservations with delayed flights": delayed.map(describe),
        "changed or cancelled in this call list": [],
      },
      unlessLater: (c) => (c.tool === "update_reservation_flights" || c.tool === "cancel_reservation") && ids.has(text(c.args["reservation_id"]).toUpperCase()),
    };
  },
};
