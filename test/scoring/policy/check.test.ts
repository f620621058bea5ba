/**
 * The policy rule engine over any domain: which calls a rule sees, what a
 * refused call counts for, list-level findings settled at the end, and the
 * order of the violations. A stock-room domain with a rule of its own: an
 * item may be restocked by at most 5 at a time, and only after it was looked
 * up (a finding withdrawn by a later `get_item` of the same item).
 */
import { describe, expect, it } from "vitest";
import type { PolicyRule } from "../../../src/engine/policy-rule.js";
import { factsText } from "../../../src/engine/policy-rule.js";
import { checkPolicy } from "../../../src/scoring/policy/check.js";
import { tinyDomain } from "../../helpers/tiny-domain.js";
import type { JsonObject } from "../../../src/json/types.js";

const atMostFive: PolicyRule = {
  id: "stock.restock.at-most-five",
  policy: { section: "Restock", sentence: "Restock at most five of an item at a time." },
  tools: ["restock_item"],
  check: ({ call, db }) => {
    const amount = Number(call.args["amount"]);
    const items = db["items"] as JsonObject;
    const item = items[String(call.args["item_id"])] as JsonObject | undefined;
    return amount > 5 ? { facts: { item: String(call.args["item_id"]), "in stock": Number(item?.["count"] ?? 0), amount } } : null;
  },
};
const lookedUp: PolicyRule = {
  id: "stock.restock.looked-up",
  policy: { section: "Restock", sentence: "Look an item up before restocking it." },
  tools: ["restock_item"],
  judges: "attempted",
  check: ({ call }) => ({ facts: { item: String(call.args["item_id"]) }, unlessLater: (c) => c.tool === "get_item" && c.args["item_id"] === call.args["item_id"] }),
};

const domain = tinyDomain("stock");
const scenario = domain.scenarios("")[0]!;
const db = (count: number): JsonObject => ({ items: { I1: { item_id: "I1", name: "lamp", count } } });

describe("checkPolicy", () => {
  it("checks each agent call against the DB before it and lists violations in step order, then rule order", () => {
    const vs = checkPolicy(
      domain,
      scenario,
      [
        { name: "restock_item", arguments: { item_id: "I1", amount: 9 }, dbBefore: db(2), turn: 3 },
        { name: "get_item", arguments: { item_id: "I1" }, dbBefore: db(11) },
        { name: "restock_item", arguments: { item_id: "I1", amount: 7 }, dbBefore: db(11) },
      ],
      [atMostFive, lookedUp],
    );
    expect(vs).toEqual([
      { scenario: "stock__one", step: 0, turn: 3, tool: "restock_item", rule: "stock.restock.at-most-five", facts: { item: "I1", "in stock": 2, amount: 9 } },
      { scenario: "stock__one", step: 2, tool: "restock_item", rule: "stock.restock.at-most-five", facts: { item: "I1", "in stock": 11, amount: 7 } },
    ]);
  });

  it("a list-level finding stands when nothing in the list supplies what it needs", () => {
    const vs = checkPolicy(domain, scenario, [{ name: "restock_item", arguments: { item_id: "I1", amount: 1 }, dbBefore: db(2) }], [lookedUp]);
    expect(vs.map((v) => [v.step, v.rule])).toEqual([[0, "stock.restock.looked-up"]]);
  });

  it("a refused call breaks no rule that judges carried-out actions; an 'attempted' rule still counts it", () => {
    const refused = [{ name: "restock_item", arguments: { item_id: "I1", amount: 9 }, dbBefore: db(2), ok: false }];
    expect(checkPolicy(domain, scenario, refused, [atMostFive])).toEqual([]);
    expect(checkPolicy(domain, scenario, refused, [lookedUp]).map((v) => v.rule)).toEqual(["stock.restock.looked-up"]);
  });

  it("user-side calls are not the agent's and are not checked; a domain without rules has no violations", () => {
    expect(checkPolicy(domain, scenario, [{ side: "user", name: "restock_item", arguments: { item_id: "I1", amount: 9 }, dbBefore: db(2) }], [atMostFive])).toEqual([]);
    expect(checkPolicy(domain, scenario, [{ name: "restock_item", arguments: { item_id: "I1", amount: 9 }, dbBefore: db(2) }])).toEqual([]);
  });

  it("facts read as text in their order: lists joined, empty lists and null as none, booleans as yes/no", () => {
    expect(factsText({ cabin: "economy", insurance: false, flights: [], passengers: 2, legs: ["A", "B"], note: null })).toBe(
      "cabin: economy, insurance: no, flights: none, passengers: 2, legs: A, B, note: none",
    );
  });
});
