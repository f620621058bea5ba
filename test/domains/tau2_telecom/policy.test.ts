/**
 * tau2_telecom's policy rules on the shipped telecom data. In the airplane
 * mode + overdue bill scenario, line L1002 of customer C1001 is suspended for
 * the overdue bill B1234321 (its initialization); C1001's own bills are B1001
 * (Paid), B1002 (Issued) and B1003 (Draft). The gold calls (payment request
 * for the overdue bill, payment, resume) keep every rule.
 */
import { describe, expect, it } from "vitest";
import type { ToolCall } from "../../../src/engine/types.js";
import { call, replayWithRules, scenarioEntry } from "../../helpers/policy-calls.js";

const S = "tau2_telecom__service_issue__airplane_mode_on__overdue_bill_suspension";
const gold = (): ToolCall[] => [...scenarioEntry(S).scenario.goldCalls()];
const allOk = (r: ReturnType<typeof replayWithRules>) => expect(r.statuses.every((s) => s === "ok")).toBe(true);

describe("tau2_telecom policy rules", () => {
  it("the gold calls keep every rule", () => {
    const r = replayWithRules(S, gold());
    allOk(r);
    expect(r.violations).toEqual([]);
  });

  it("telecom.payment-request.overdue-only: a payment request for a bill that is not overdue breaks it", () => {
    const r = replayWithRules(S, [call("send_payment_request", { customer_id: "C1001", bill_id: "B1002" })]);
    allOk(r);
    expect(r.violations).toEqual([{ scenario: S, step: 0, tool: "send_payment_request", rule: "telecom.payment-request.overdue-only", facts: { bill: "B1002", status: "Issued" } }]);
  });

  it("telecom.resume.bills-paid: resuming the line before the overdue bill is paid breaks it", () => {
    const r = replayWithRules(S, gold().filter((c) => c.name !== "send_payment_request" && c.name !== "make_payment"));
    allOk(r);
    expect(r.violations.map((v) => [v.rule, v.tool, v.facts])).toEqual([["telecom.resume.bills-paid", "resume_line", { customer: "C1001", line: "L1002", "overdue bills": ["B1234321"] }]]);
  });

  it("telecom.refuel.at-most-2gb: 3 GB breaks it, 2 GB keeps it", () => {
    const refuel = (gb: number) => call("refuel_data", { customer_id: "C1001", line_id: "L1002", gb_amount: gb });
    const r = replayWithRules(S, [refuel(3), refuel(2)]);
    allOk(r);
    expect(r.violations).toEqual([{ scenario: S, step: 0, tool: "refuel_data", rule: "telecom.refuel.at-most-2gb", facts: { line: "L1002", "GB refueled": 3, "at most": 2 } }]);
  });
});
