/** policy.md "Checked bag allowance" and "Change baggage and insurance": bag counts and what they cost. */
import type { PolicyRule } from "../../../engine/policy-rule.js";
import { argText, freeBagsPerPassenger, membership, num, reservationView } from "./read.js";

/** The bags the policy charges for: those beyond the free allowance of every passenger. */
function chargeable(total: number, free: number, passengers: number): number {
  return Math.max(0, total - free * passengers);
}

export const bookingBagAllowance: PolicyRule = {
  id: "airline.bags.allowance",
  policy: {
    section: "Book flight > Checked bag allowance",
    sentence: "Free checked bags per passenger by the booking user's membership and the cabin (regular 0/1/2, silver 1/2/3, gold 2/3/4); each extra baggage is 50 dollars.",
  },
  tools: ["book_reservation", "update_reservation_baggages"],
  check({ call, db }) {
    const total = num(call.args["total_baggages"]);
    const nonfree = num(call.args["nonfree_baggages"]);
    if (Number.isNaN(total) || Number.isNaN(nonfree)) return null;
    let userId: string;
    let cabin: string;
    let passengers: number;
    let reservation: string | undefined;
    /** For a bag update: the bags charged before it, and the bags it adds beyond the free ones still unused. */
    let incremental: number | undefined;
    if (call.tool === "book_reservation") {
      userId = argText(call.args, "user_id");
      cabin = argText(call.args, "cabin");
      const list = call.args["passengers"];
      passengers = Array.isArray(list) ? list.length : 0;
    } else {
      const r = reservationView(db, argText(call.args, "reservation_id"));
      if (!r) return null;
      ({ userId, cabin, passengers } = r);
      reservation = r.id;
      const freeLeft = (f: number) => Math.max(0, f * passengers - (r.totalBags - r.nonfreeBags));
      const free = freeBagsPerPassenger(membership(db, userId), cabin);
      if (free !== undefined && !Number.isNaN(r.totalBags) && !Number.isNaN(r.nonfreeBags)) incremental = r.nonfreeBags + Math.max(0, total - r.totalBags - freeLeft(free));
    }
    const member = membership(db, userId);
    const free = freeBagsPerPassenger(member, cabin);
    if (free === undefined) return null;
    const expected = chargeable(total, free, passengers);
    // A reservation whose earlier bags were charged otherwise keeps them: an update that charges exactly its added bags beyond the unused free ones keeps the rule too.
    if (nonfree === expected || nonfree === incremental) return null;
    return {
      facts: {
        ...(reservation ? { reservation } : {}),
        membership: member,
        cabin,
        passengers,
        "free bags": free * passengers,
        "total bags": total,
        "bags charged": nonfree,
        "bags the policy charges": expected,
      },
    };
  },
};

export const noBagRemoval: PolicyRule = {
  id: "airline.bags.no-removal",
  policy: { section: "Modify flight > Change baggage and insurance", sentence: "The user can add but not remove checked bags." },
  tools: ["update_reservation_baggages"],
  check({ call, db }) {
    const r = reservationView(db, argText(call.args, "reservation_id"));
    const total = num(call.args["total_baggages"]);
    if (!r || Number.isNaN(total) || Number.isNaN(r.totalBags) || total >= r.totalBags) return null;
    return { facts: { reservation: r.id, "bags before": r.totalBags, "bags after": total } };
  },
};
