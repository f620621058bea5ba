/**
 * tau2_retail's policy rules, each with a call list that breaks it and one
 * that keeps it, replayed on the shipped retail DB. Orders were picked from
 * db.json by status and owner; the tools carry out every call checked here.
 */
import { describe, expect, it } from "vitest";
import { goldRules } from "../../../src/audit/policy.js";
import { call, replayWithRules, scenarioEntry } from "../../helpers/policy-calls.js";

const S = "tau2_retail__0";
const allOk = (r: ReturnType<typeof replayWithRules>) => expect(r.statuses.every((s) => s === "ok")).toBe(true);
// #W5918442: sofia_rossi_8776's pending order (credit_card_5051208), first item 1725100896, another available variant 9007697085.
// #W2974929: fatima_anderson_2157's pending order. #W4817420: ava_moore_2033's delivered order, item 6777246137 (available).
const bySofia = call("find_user_id_by_email", { email: "sofia.rossi2645@example.com" });
const address = { address1: "1 Main St", address2: "", city: "Austin", state: "TX", country: "USA", zip: "78701" };
const rules = (id: string) => scenarioEntry(S).domain.policyRules!.filter((r) => r.id === id);

describe("retail.auth.locate-user-first", () => {
  const cancel = call("cancel_pending_order", { order_id: "#W5918442", reason: "no longer needed" });

  it("an action for a user nobody located breaks it; one after locating the user by email, or by name and zip, keeps it", () => {
    const broken = replayWithRules(S, [cancel], rules("retail.auth.locate-user-first"));
    allOk(broken);
    expect(broken.violations).toEqual([
      { scenario: S, step: 0, tool: "cancel_pending_order", rule: "retail.auth.locate-user-first", facts: { user: "sofia_rossi_8776", "located by email or name and zip": [] } },
    ]);
    const located = replayWithRules(S, [bySofia, cancel], rules("retail.auth.locate-user-first"));
    allOk(located);
    expect(located.violations).toEqual([]);
    const byZip = replayWithRules(S, [call("find_user_id_by_name_zip", { first_name: "sofia", last_name: "Rossi", zip: "78784" }), cancel], rules("retail.auth.locate-user-first"));
    allOk(byZip);
    expect(byZip.violations).toEqual([]);
  });

  it("needs the whole conversation, so the gold audit leaves it out (gold lists hold only the graded writes)", () => {
    expect(goldRules(scenarioEntry(S)).map((r) => r.id)).not.toContain("retail.auth.locate-user-first");
  });
});

describe("retail.user.one-per-conversation", () => {
  it("acting for a second user breaks it; two actions for one user keep it", () => {
    const broken = replayWithRules(S, [
      call("modify_pending_order_address", { order_id: "#W5918442", ...address }),
      call("cancel_pending_order", { order_id: "#W2974929", reason: "ordered by mistake" }),
    ]);
    allOk(broken);
    expect(broken.violations.filter((v) => v.rule === "retail.user.one-per-conversation")).toEqual([
      { scenario: S, step: 1, tool: "cancel_pending_order", rule: "retail.user.one-per-conversation", facts: { user: "fatima_anderson_2157", "users acted for earlier": ["sofia_rossi_8776"] } },
    ]);
    const kept = replayWithRules(S, [bySofia, call("modify_pending_order_address", { order_id: "#W5918442", ...address }), call("cancel_pending_order", { order_id: "#W5918442", reason: "ordered by mistake" })]);
    allOk(kept);
    expect(kept.violations).toEqual([]);
  });
});

describe("retail.modify.pending-only", () => {
  const modifyItems = call("modify_pending_order_items", { order_id: "#W5918442", item_ids: ["1725100896"], new_item_ids: ["9007697085"], payment_method_id: "credit_card_5051208" });

  it("changing the address after the items were modified breaks it (the tool accepts 'pending (item modified)'); before, it keeps it", () => {
    const broken = replayWithRules(S, [bySofia, modifyItems, call("modify_pending_order_address", { order_id: "#W5918442", ...address })]);
    allOk(broken);
    expect(broken.violations).toEqual([
      { scenario: S, step: 2, tool: "modify_pending_order_address", rule: "retail.modify.pending-only", facts: { order: "#W5918442", status: "pending (item modified)" } },
    ]);
    const kept = replayWithRules(S, [bySofia, call("modify_pending_order_address", { order_id: "#W5918442", ...address }), modifyItems]);
    allOk(kept);
    expect(kept.violations).toEqual([]);
  });
});

describe("retail.exchange.different-item", () => {
  it("exchanging an item for the very same item breaks it (the exchange tool accepts it); another variant keeps it", () => {
    const exchange = (newItem: string) =>
      call("exchange_delivered_order_items", { order_id: "#W4817420", item_ids: ["6777246137"], new_item_ids: [newItem], payment_method_id: "gift_card_8168843" });
    const broken = replayWithRules(S, [call("find_user_id_by_email", { email: "ava.moore6020@example.com" }), exchange("6777246137")]);
    allOk(broken);
    expect(broken.violations).toEqual([
      { scenario: S, step: 1, tool: "exchange_delivered_order_items", rule: "retail.exchange.different-item", facts: { order: "#W4817420", "items exchanged for themselves": ["6777246137"] } },
    ]);
    const kept = replayWithRules(S, [call("find_user_id_by_email", { email: "ava.moore6020@example.com" }), exchange("4579334072")]);
    allOk(kept);
    expect(kept.violations).toEqual([]);
  });
});
