/**
 * tau2_telecom's policy rules: sentences of `main_policy.md` that the call
 * and the agent DB just before it decide, where the tools do not check them
 * themselves ("The send payement request tool will not check if the bill is
 * overdue").
 */
import type { PolicyRule } from "../../../engine/policy-rule.js";
import { agentDb, findBill, findCustomer } from "../tools/agent-db.js";

const str = (v: unknown): string => (typeof v === "string" ? v : "");

export const paymentRequestOverdue: PolicyRule = {
  id: "telecom.payment-request.overdue-only",
  policy: {
    section: "Overdue Bill Payment",
    sentence: "The send payement request tool will not check if the bill is overdue. You should always check that the bill is overdue before sending a payment request.",
  },
  tools: ["send_payment_request"],
  check({ call, db }) {
    const bill = findBill(agentDb(db), str(call.args["bill_id"]));
    if (!bill || bill.status === "Overdue") return null;
    return { facts: { bill: bill.bill_id, status: bill.status } };
  },
};

export const refuelAtMost2Gb: PolicyRule = {
  id: "telecom.refuel.at-most-2gb",
  policy: { section: "Data Refueling", sentence: "The maximum amount of data that can be refueled is 2GB." },
  tools: ["refuel_data"],
  check({ call }) {
    const gb = Number(call.args["gb_amount"]);
    return Number.isFinite(gb) && gb > 2 ? { facts: { line: str(call.args["line_id"]), "GB refueled": gb, "at most": 2 } } : null;
  },
};

export const resumeAfterOverdueBills: PolicyRule = {
  id: "telecom.resume.bills-paid",
  policy: { section: "Line Suspension", sentence: "You are allowed to lift the suspension after the user has paid all their overdue bills." },
  tools: ["resume_line"],
  check({ call, db }) {
    const d = agentDb(db);
    const customer = findCustomer(d, str(call.args["customer_id"]));
    if (!customer) return null;
    const overdue = customer.bill_ids.filter((id) => findBill(d, id)?.status === "Overdue");
    return overdue.length === 0 ? null : { facts: { customer: customer.customer_id, line: str(call.args["line_id"]), "overdue bills": overdue } };
  },
};

export const telecomPolicyRules: readonly PolicyRule[] = [paymentRequestOverdue, refuelAtMost2Gb, resumeAfterOverdueBills];
