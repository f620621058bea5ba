/**
 * What the model reads for tau2_retail's catalogue lists keys in the fixture's
 * order, as the reference's `json.dumps` of the record does: products and
 * variants are keyed by numeric ids, which JavaScript would list first and
 * sorted. Every product and every item of the shipped DB is read back
 * through the live path (argument text → planToolCall → dispatch on the run's
 * workspace → the tool message) and compared with python3's json.dumps of
 * the fixture record.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { registry } from "../../../src/domains/index.js";
import { loadRetailDb } from "../../../src/domains/tau2_retail/data.js";
import { toolMessage } from "../../../src/engine/bots/llm-context.js";
import { planToolCall } from "../../../src/engine/bots/llm-tool-calls.js";
import { dispatch, initialRunState, type RunState } from "../../../src/engine/dispatch.js";
import { createRng } from "../../../src/engine/rng.js";
import { openWorkspaces, type RunWorkspaces } from "../../../src/engine/run-workspaces.js";
import { resolveDataRoot } from "../../../src/loaders/data-root.js";
import type { JsonObject } from "../../../src/json/types.js";
import { pyJsonDumps } from "../../../src/python/json-dumps.js";
import { dbHash } from "../../../src/hash/db/index.js";
import { runPython } from "../../helpers/python.js";

const root = resolveDataRoot({ mustContain: "tau2_retail" });
const dbFile = join(root, "tau2_retail", "db.json");
const db = loadRetailDb(root) as JsonObject;
const products = db["products"] as Record<string, JsonObject>;
const domain = registry.domain("tau2_retail");
if (!domain) throw new Error("no tau2_retail domain");

function pythonDumps(paths: string[][]): string[] {
  const [line] = runPython("key_order.py", JSON.stringify({ file: dbFile, paths }) + "\n");
  return (JSON.parse(line as string) as { dumps: string[] }).dumps;
}

/** One live call: the model's argument text, the tool message it reads back. */
function call(state: RunState, workspaces: RunWorkspaces, tool: string, args: JsonObject | string): { text: string; state: RunState } {
  const planned = planToolCall(tool, typeof args === "string" ? args : JSON.stringify(args));
  if (planned.kind === "drop") throw new Error(`dropped ${tool}`);
  const out = dispatch(domain!, state, "agent", planned.call, { today: "2024-05-15", rng: createRng(1), names: "llm", workspaces });
  return { text: toolMessage("c1", out.result).content, state: out.state };
}

describe("tau2_retail catalogue texts keep the fixture's key order", () => {
  const ids = Object.keys(products);
  const items = ids.flatMap((p) => Object.keys(products[p]?.["variants"] as JsonObject).map((i) => [p, i] as const));

  it("the fixture really has ids JavaScript would reorder, and the whole table reads in file order", () => {
    const inFileOrder = pythonDumps([["products"]])[0] as string;
    const fileIds = [...inFileOrder.matchAll(/"(\d+)": \{"name"/g)].map((m) => m[1]);
    expect(fileIds).toHaveLength(ids.length);
    expect(fileIds).not.toEqual(ids);
    expect(pyJsonDumps(products)).toBe(inFileOrder);
    expect(items.length).toBeGreaterThan(500);
  });

  it("GetProductDetailsTool and GetItemDetailsTool show every record as json.dumps of the fixture", () => {
    const state = initialRunState({ agent: db });
    const workspaces = openWorkspaces(state);
    const ours = [
      ...ids.map((id) => call(state, workspaces, "GetProductDetailsTool", { product_id: id }).text),
      ...items.map(([, item]) => call(state, workspaces, "GetItemDetailsTool", { item_id: item }).text),
    ];
    const expected = pythonDumps([...ids.map((id) => ["products", id]), ...items.map(([p, i]) => ["products", p, "variants", i])]);
    expect(ours).toEqual(expected);
  });

  it("the example product lists its variants in file order, and the DB hash does not see the order", () => {
    const state = initialRunState({ agent: db });
    const text = call(state, openWorkspaces(state), "GetProductDetailsTool", { product_id: "7471004230" }).text;
    const variantIds = [...text.matchAll(/"(\d{10})": \{"item_id"/g)].map((m) => m[1]);
    expect(variantIds).toEqual(["3631875806", "9727387530", "2509076505", "6477915553", "4410138384"]);
    expect(dbHash(db)).toBe(dbHash(JSON.parse(JSON.stringify(db)) as JsonObject));
  });

  it("extra arguments are reported in the order the model wrote them, as pydantic does", () => {
    // pydantic 2: M(extra='forbid').model_validate({..., 'b': 1, '7': 2, 'c': 3, '3': 4}) lists b, 7, c, 3.
    const state = initialRunState({ agent: db });
    const text = call(state, openWorkspaces(state), "GetProductDetailsTool", '{"product_id": "7471004230", "b": 1, "7": 2, "c": 3, "3": 4}').text;
    expect([...text.matchAll(/"field": "([^"]+)"/g)].map((m) => m[1])).toEqual(["b", "7", "c", "3"]);
  });
});
