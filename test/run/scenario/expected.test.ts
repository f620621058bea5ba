import { describe, expect, it } from "vitest";
import type { CatalogEntry } from "../../../src/engine/catalog.js";
import { createRng } from "../../../src/engine/rng.js";
import { expectedFor } from "../../../src/run/scenario/expected.js";
import { tinyDomain } from "../../helpers/tiny-domain.js";

const domain = tinyDomain("stock");
const scenario = domain.scenarios("")[0]!;
const env = { today: scenario.today, rng: createRng(1) };

describe("expectedFor", () => {
  it("without a shipped DB, replays the gold calls: the end DB and the records they made (each with its side)", () => {
    const expected = expectedFor({ domain, scenario }, env);
    expect(expected.db).toEqual({
      items: {
        I1: { item_id: "I1", name: "lamp", count: 2 },
        I2: { item_id: "I2", name: "desk", count: 3 },
        I3: { item_id: "I3", name: "chair", count: 7 },
      },
    });
    expect(expected.referenceActions).toEqual([{ action_type: "restock_item", name: "restock_item", arguments: { item_id: "I2", amount: 3 }, result: { item_id: "I2", name: "desk", count: 3 }, side: "agent" }]);
  });

  it("a scenario that ships its expected DB (eva) is scored against it, with no reference actions and no replay", () => {
    const entry: CatalogEntry = {
      domain,
      scenario: {
        ...scenario,
        shippedExpectedDb: () => ({ items: {} }),
        goldCalls: () => {
          throw new Error("the gold calls are not replayed");
        },
      },
    };
    expect(expectedFor(entry, env)).toEqual({ db: { items: {} }, referenceActions: undefined });
  });
});
