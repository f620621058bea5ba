/**
 * eva_airline's policy rules: sentences of the agent instructions
 * (`airline_agent.yaml`) that the call list and the DB decide. Fees, refund
 * kinds and voucher amounts are computed by the tools themselves; what the
 * tools leave to the agent is the order of things.
 */
import type { PolicyCallView, PolicyRule } from "../../../engine/policy-rule.js";

const conf = (c: PolicyCallView): string => (typeof c.args["confirmation_number"] === "string" ? c.args["confirmation_number"].toUpperCase() : "");
const carriedOut = (before: readonly PolicyCallView[], tool: string, reservation: string) => before.filter((c) => c.ok === true && c.tool === tool && conf(c) === reservation);

/** The calls that act on a reservation (every write but the transfer). */
const ACTIONS = [
  "rebook_flight",
  "cancel_reservation",
  "process_refund",
  "issue_travel_credit",
  "issue_hotel_voucher",
  "issue_meal_voucher",
  "assign_seat",
  "add_baggage_allowance",
  "add_meal_request",
  "add_to_standby",
] as const;

export const authenticateFirst: PolicyRule = {
  id: "eva.auth.reservation-first",
  policy: {
    section: "Authentication",
    sentence: "Every call begins with authentication. Ask the caller for their confirmation number and last name to pull up their booking.",
  },
  tools: ACTIONS,
  check({ call, before }) {
    const reservation = conf(call);
    if (reservation === "" || carriedOut(before, "get_reservation", reservation).length > 0) return null;
    return { facts: { reservation, "pulled up with confirmation number and last name": false } };
  },
};

export const hotelAfterRebooking: PolicyRule = {
  id: "eva.hotel.after-rebooking",
  policy: { section: "Compensation > Hotel Vouchers", sentence: "Issue AFTER rebooking is confirmed (not before the customer decides)." },
  tools: ["issue_hotel_voucher"],
  check({ call, before }) {
    const reservation = conf(call);
    if (reservation === "" || carriedOut(before, "rebook_flight", reservation).length > 0) return null;
    return { facts: { reservation, "rebooked before": false } };
  },
};

export const noVoucherWithRefund: PolicyRule = {
  id: "eva.vouchers.not-with-refund",
  policy: {
    section: "Compensation",
    sentence:
      "The passenger is not eligible for a meal voucher if they choose to get a full refund instead of rebooking or staying on a delayed flight. (Hotel) Do NOT issue if the customer chooses refund instead of rebooking.",
  },
  tools: ["issue_meal_voucher", "issue_hotel_voucher", "process_refund"],
  check({ call, before }) {
    const reservation = conf(call);
    if (reservation === "") return null;
    const other = call.tool === "process_refund" ? ["issue_meal_voucher", "issue_hotel_voucher"] : ["process_refund"];
    const earlier = other
      .flatMap((t) => carriedOut(before, t, reservation))
      .sort((a, b) => a.index - b.index)
      .map((c) => `${c.tool} (step ${c.index})`);
    if (earlier.length === 0) return null;
    return { facts: { reservation, [call.tool === "process_refund" ? "vouchers issued" : "refund processed"]: earlier } };
  },
};

export const evaPolicyRules: readonly PolicyRule[] = [authenticateFirst, hotelAfterRebooking, noVoucherWithRefund];
