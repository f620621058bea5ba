/** policy.md "Book flight": passengers and payment limits of `book_reservation`. */
import type { PolicyRule } from "../../../engine/policy-rule.js";
import { isJsonObject } from "../../../json/types.js";
import { argText, paymentSource, text } from "./read.js";

const LIMITS: Readonly<Record<string, number>> = { certificate: 1, credit_card: 1, gift_card: 3 };

export const bookPassengers: PolicyRule = {
  id: "airline.book.passengers",
  policy: { section: "Book flight > Passengers", sentence: "Each reservation can have at most five passengers." },
  tools: ["book_reservation"],
  check({ call }) {
    const list = call.args["passengers"];
    const count = Array.isArray(list) ? list.length : 0;
    return count > 5 ? { facts: { passengers: count, "at most": 5 } } : null;
  },
};

export const bookPaymentLimits: PolicyRule = {
  id: "airline.book.payment-limits",
  policy: { section: "Book flight > Payment", sentence: "Each reservation can use at most one travel certificate, at most one credit card, and at most three gift cards." },
  tools: ["book_reservation"],
  check({ call, db }) {
    const userId = argText(call.args, "user_id");
    const list = call.args["payment_methods"];
    const ids = (Array.isArray(list) ? list : []).filter(isJsonObject).map((p) => text(p["payment_id"]));
    const counts: Record<string, number> = {};
    for (const id of ids) {
      const source = paymentSource(db, userId, id);
      counts[source] = (counts[source] ?? 0) + 1;
    }
    const over = Object.entries(LIMITS).filter(([source, max]) => (counts[source] ?? 0) > max);
    if (over.length === 0) return null;
    return { facts: { "payment methods": ids.map((id) => `${id} (${paymentSource(db, userId, id)})`), "over the limit": over.map(([s, max]) => `${s}: ${counts[s] ?? 0} (at most ${max})`) } };
  },
};
