/**
 * eva_airline's policy rules on the shipped eva data: eva_airline__2_1_2's
 * gold calls (pull up PP248Z, rebook after a cancellation, assign a seat,
 * then a hotel and a meal voucher) keep every rule; each rule is broken by a
 * change of that list: the lookup left out, the hotel voucher before the
 * rebooking, a refund after the vouchers.
 */
import { describe, expect, it } from "vitest";
import type { ToolCall } from "../../../src/engine/types.js";
import { call, replayWithRules, scenarioEntry } from "../../helpers/policy-calls.js";

const S = "eva_airline__2_1_2";
const gold = (): ToolCall[] => scenarioEntry(S).scenario.goldCalls().map((c) => ({ ...c, side: "agent" as const }));
const allOk = (r: ReturnType<typeof replayWithRules>) => expect(r.statuses.every((s) => s === "ok")).toBe(true);
const names = () => gold().map((c) => c.name);

describe("eva_airline policy rules", () => {
  it("the gold calls keep every rule", () => {
    const r = replayWithRules(S, gold());
    allOk(r);
    expect(r.violations).toEqual([]);
  });

  it("eva.auth.reservation-first: acting on PP248Z without pulling it up first breaks it", () => {
    const r = replayWithRules(S, gold().slice(1));
    allOk(r);
    const auth = r.violations.filter((v) => v.rule === "eva.auth.reservation-first");
    expect(auth.map((v) => [v.step, v.tool])).toEqual([
      [4, "RebookFlightTool"],
      [5, "AssignSeatTool"],
      [6, "IssueHotelVoucherTool"],
      [7, "IssueMealVoucherTool"],
    ]);
    expect(auth[0]!.facts).toEqual({ reservation: "PP248Z", "pulled up with confirmation number and last name": false });
  });

  it("eva.hotel.after-rebooking: a hotel voucher before the rebooking breaks it", () => {
    const list = gold();
    const hotel = list.splice(names().indexOf("IssueHotelVoucherTool"), 1)[0]!;
    list.splice(names().indexOf("RebookFlightTool"), 0, hotel);
    const r = replayWithRules(S, list);
    allOk(r);
    expect(r.violations).toEqual([{ scenario: S, step: 5, tool: "IssueHotelVoucherTool", rule: "eva.hotel.after-rebooking", facts: { reservation: "PP248Z", "rebooked before": false } }]);
  });

  it("eva.vouchers.not-with-refund: a refund after the vouchers breaks it", () => {
    const r = replayWithRules(S, [...gold(), call("ProcessRefundTool", { confirmation_number: "PP248Z", refund_amount: 100, refund_type: "full_fare" })]);
    allOk(r);
    expect(r.violations).toEqual([
      {
        scenario: S,
        step: 9,
        tool: "ProcessRefundTool",
        rule: "eva.vouchers.not-with-refund",
        facts: { reservation: "PP248Z", "vouchers issued": ["issue_hotel_voucher (step 7)", "issue_meal_voucher (step 8)"] },
      },
    ]);
  });
});
