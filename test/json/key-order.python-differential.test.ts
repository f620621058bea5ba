/**
 * Dict key order against python3 itself (test/oracles/key_order.py, stdlib
 * only). Generated documents, whose objects mix numeric keys ("7",
 * "3631875806", which JavaScript lists first) with others, are read by
 * parsePythonJson and edited through a workspace as tools edit a DB: keys
 * set (new ones go last, existing ones keep their place), deleted, popped
 * and set again, subtrees stored at a second place; transactions committed
 * or rolled back, the workspace sealed now and then; values read out
 * mid-transaction through snapshot and plainCopy. Python reads the same text
 * with json.loads and makes the same edits on dicts. json.dumps, repr and the
 * compact json.dumps of every value read out must equal evalsim's
 * pyJsonDumps, pyRepr and toJsonText.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { plainCopy, snapshot } from "../../src/engine/snapshot.js";
import { Workspace } from "../../src/engine/workspace.js";
import { deepFreeze } from "../../src/json/freeze.js";
import { parsePythonJson } from "../../src/json/parse.js";
import { pyKeys } from "../../src/json/py-key-order.js";
import { toJsonText } from "../../src/json/stringify.js";
import type { JsonObject, JsonValue } from "../../src/json/types.js";
import { pyJsonDumps } from "../../src/python/json-dumps.js";
import { pyRepr } from "../../src/python/text.js";
import { runPython } from "../helpers/python.js";
import { runs } from "../properties/settings.js";

// Array indices for JavaScript ("0" .. "4294967294") and look-alikes that are not ("01", "4294967295", "-1").
const KEYS = ["0", "1", "2", "7", "10", "42", "3631875806", "2509076505", "4294967294", "4294967295", "01", "-1", "1.5", "a", "b", "name", "x y", "__proto__"];
const keyArb = fc.constantFrom(...KEYS);
/** A key as JSON text: plain, or every character escaped (`"\u0031\u0030"` is "10"). */
const keyTextArb = fc.tuple(keyArb, fc.boolean()).map(([k, escaped]) => (escaped ? `"${[...k].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")}"` : JSON.stringify(k)));
const leafText = fc.constantFrom("0", "-3", "5", "3631875806", "1.5", "-0.25", '"a"', '"x y"', '""', '"\\"q\\""', "null", "true", "false");
const valueText: fc.Arbitrary<string> = fc.letrec<{ v: string; obj: string; arr: string }>((tie) => ({
  v: fc.oneof({ depthSize: "small" }, leafText, tie("obj"), tie("obj"), tie("arr")),
  arr: fc.array(tie("v"), { maxLength: 3 }).map((xs) => `[${xs.join(", ")}]`),
  // Repeated keys too: json.loads keeps the first place and the last value.
  obj: fc.array(fc.tuple(keyTextArb, tie("v")), { maxLength: 6 }).map((kvs) => `{${kvs.map(([k, v]) => `${k}: ${v}`).join(", ")}}`),
})).v;
const docText = fc.array(fc.tuple(keyTextArb, valueText), { minLength: 1, maxLength: 6 }).map((kvs) => `{${kvs.map(([k, v]) => `${k}: ${v}`).join(", ")}}`);

type AbstractOp =
  | { kind: "set"; at: number[]; key: string; value: string }
  | { kind: "del" | "readd"; at: number[]; pick: number }
  | { kind: "copy"; at: number[]; key: string; from: number[] }
  | { kind: "dump"; at: number[]; plain: boolean };
const pathArb = fc.array(fc.nat(), { maxLength: 3 });
const opArb: fc.Arbitrary<AbstractOp> = fc.oneof(
  fc.record({ kind: fc.constant("set" as const), at: pathArb, key: keyArb, value: valueText }),
  fc.record({ kind: fc.constant("set" as const), at: pathArb, key: keyArb, value: leafText }),
  fc.record({ kind: fc.constantFrom("del" as const, "readd" as const), at: pathArb, pick: fc.nat() }),
  fc.record({ kind: fc.constant("copy" as const), at: pathArb, key: keyArb, from: pathArb }),
  fc.record({ kind: fc.constant("dump" as const), at: pathArb, plain: fc.boolean() }),
);
const caseArb = fc.record({
  doc: docText,
  txns: fc.array(fc.record({ keep: fc.boolean(), seal: fc.boolean(), ops: fc.array(opArb, { minLength: 1, maxLength: 5 }) }), { minLength: 1, maxLength: 5 }),
});
type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

type Path = (string | number)[];
type Container = JsonObject | JsonValue[];
const isContainer = (v: unknown): v is Container => typeof v === "object" && v !== null;

function valueAt(root: JsonValue, path: Path): JsonValue {
  let v = root;
  for (const k of path) v = (v as Record<string, JsonValue>)[String(k)] as JsonValue;
  return v;
}

/** A path from `root` down the container children picked by `picks` (each modulo the choices there). */
function resolve(root: JsonValue, picks: readonly number[]): Path {
  const path: Path = [];
  let v = root;
  for (const pick of picks) {
    if (!isContainer(v)) break;
    const c = v;
    const keys: (string | number)[] = Array.isArray(c) ? c.map((_, i) => i) : pyKeys(c);
    const inner = keys.filter((k) => isContainer((c as Record<string, JsonValue>)[String(k)]));
    if (inner.length === 0) break;
    const k = inner[pick % inner.length] as string | number;
    path.push(k);
    v = (c as Record<string, JsonValue>)[String(k)] as JsonValue;
  }
  return path;
}

interface Texts {
  dumps: string[];
  reprs: string[];
  compact: string[];
}

/** Run a case through evalsim; returns its texts and the concrete ops Python must replay. */
function runEvalsim(c: Case): { texts: Texts; txns: { keep: boolean; ops: JsonValue[][] }[] } {
  const texts: Texts = { dumps: [], reprs: [], compact: [] };
  const record = (v: JsonValue): void => {
    texts.dumps.push(pyJsonDumps(v));
    texts.reprs.push(pyRepr(v));
    texts.compact.push(toJsonText(v));
  };
  const ws = new Workspace(deepFreeze(parsePythonJson(c.doc)) as JsonObject);
  const txns: { keep: boolean; ops: JsonValue[][] }[] = [];
  for (const t of c.txns) {
    const draft = ws.begin();
    const ops: JsonValue[][] = [];
    let keep = t.keep;
    for (const op of t.ops) {
      const path = resolve(draft, op.at);
      const target = valueAt(draft, path);
      if (op.kind === "dump") {
        record(op.plain ? plainCopy(target) : snapshot(target));
        ops.push(["dump", path]);
        continue;
      }
      if (Array.isArray(target) || !isContainer(target)) continue;
      const obj = target;
      if (op.kind === "set") {
        obj[op.key] = parsePythonJson(op.value);
        ops.push(["set", path, op.key, op.value]);
      } else if (op.kind === "del" || op.kind === "readd") {
        const keys = pyKeys(obj);
        if (keys.length === 0) continue;
        const key = keys[op.pick % keys.length] as string;
        const v = obj[key] as JsonValue;
        delete obj[key];
        if (op.kind === "readd") obj[key] = v;
        ops.push([op.kind, path, key]);
      } else if (op.kind === "copy") {
        const from = resolve(draft, op.from);
        // Storing an object inside itself would make a cycle.
        if (from.length <= path.length && from.every((k, i) => k === path[i])) continue;
        obj[op.key] = valueAt(draft, from);
        ops.push(["copy", path, op.key, from]);
        // The stored draft is shared from the commit on (Python's copy is a deep copy): end the call here.
        keep = true;
        break;
      }
    }
    if (keep) ws.commit();
    else ws.rollback();
    if (t.seal) ws.seal();
    txns.push({ keep, ops });
  }
  record(ws.seal());
  return { texts, txns };
}

describe("dict key order through parsing, workspace edits and the JSON writers (differential against python3)", () => {
  it("agrees with json.loads / dict edits / json.dumps and repr on 400 generated cases", () => {
    const cases = fc.sample(caseArb, runs(400));
    const ours = cases.map(runEvalsim);
    const lines = cases.map((c, i) => JSON.stringify({ doc: c.doc, txns: ours[i]?.txns }));
    const answers = runPython("key_order.py", lines.join("\n") + "\n").map((l) => JSON.parse(l) as Texts);
    expect(answers).toHaveLength(cases.length);
    const mismatches: string[] = [];
    cases.forEach((c, i) => {
      const got = ours[i]?.texts;
      if (JSON.stringify(got) !== JSON.stringify(answers[i])) mismatches.push(`${c.doc} ${JSON.stringify(ours[i]?.txns)}\n  evalsim ${JSON.stringify(got)}\n  python  ${JSON.stringify(answers[i])}`);
    });
    expect(mismatches.slice(0, 3)).toEqual([]);
  });

  it("generates what it means to test: numeric keys after others, in the documents and after edits", () => {
    const cases = fc.sample(caseArb, runs(400));
    const departs = (text: string): boolean => /"(?:[a-z_ ]+|1\.5|-1|01)": .*"(?:0|[1-9]\d*)": /.test(text);
    const docs = cases.filter((c) => departs(pyJsonDumps(parsePythonJson(c.doc)))).length;
    const final = cases.filter((c) => departs(runEvalsim(c).texts.dumps.at(-1) ?? "")).length;
    expect(docs).toBeGreaterThan(100);
    expect(final).toBeGreaterThan(100);
  });
});
