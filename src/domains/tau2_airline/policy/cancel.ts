/** policy.md "Cancel flight": what must hold before `cancel_reservation` is called. */
import type { PolicyRule } from "../../../engine/policy-rule.js";
import { argText, hoursBetween, isFlown, legText, POLICY_NOW, reservationView } from "./read.js";

const SECTION = "Cancel flight";

export const cancelFlown: PolicyRule = {
  id: "airline.cancel.flown",
  policy: { section: SECTION, sentence: "If any portion of the flight has already been flown, the agent cannot help and transfer is needed." },
  tools: ["cancel_reservation"],
  check({ call, db }) {
    const r = reservationView(db, argText(call.args, "reservation_id"));
    if (!r) return null;
    const flown = r.legs.filter(isFlown);
    if (flown.length === 0) return null;
    return { facts: { reservation: r.id, "flights flown": flown.map(legText), "other flights": r.legs.filter((l) => !isFlown(l)).map(legText) } };
  },
};

export const cancelEligibility: PolicyRule = {
  id: "airline.cancel.eligibility",
  policy: {
    section: SECTION,
    sentence:
      "Otherwise, flight can be cancelled if any of the following is true: The booking was made within the last 24 hrs; " +
      "The flight is cancelled by airline; It is a business flight; The user has travel insurance and the reason for cancellation is covered by insurance.",
  },
  tools: ["cancel_reservation"],
  check({ call, db }) {
    const r = reservationView(db, argText(call.args, "reservation_id"));
    if (!r) return null;
    const hours = hoursBetween(r.createdAt, POLICY_NOW);
    const recent = hours >= 0 && hours <= 24;
    const cancelledByAirline = r.legs.filter((l) => l.status === "cancelled");
    // The insurance condition also needs the caller's reason, which only the conversation holds: insurance alone is taken as enough.
    if (recent || cancelledByAirline.length > 0 || r.cabin === "business" || r.insurance === "yes") return null;
    const days = Math.floor(hours / 24);
    return {
      facts: {
        reservation: r.id,
        cabin: r.cabin,
        insurance: r.insurance,
        booked: `${r.createdAt.slice(0, 10)} (${Number.isNaN(days) ? "unknown" : `${days} days`} before today)`,
        "flights cancelled by the airline": [],
        "reason for cancellation": "not checked (only the conversation holds it)",
      },
    };
  },
};
