/**
 * The key-order mark (src/json/py-key-order.ts) at its edges: which keys
 * JavaScript reorders, marks kept by copies, exact after workspace edits
 * even for copies made by hand later, rolled back with a call, and invisible
 * to schema checks and hashes. Python's order is written out by hand here;
 * the generated comparison with python3 is key-order.python-differential.test.ts.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { plainCopy, snapshot } from "../../src/engine/snapshot.js";
import { detachFromWorkspace, Workspace } from "../../src/engine/workspace.js";
import { deepFreeze } from "../../src/json/freeze.js";
import { withoutMarks } from "../../src/json/marks.js";
import { parsePythonJson } from "../../src/json/parse.js";
import { isIndexKey, KEY_ORDER, keyOrderOf, pyKeys } from "../../src/json/py-key-order.js";
import { toJsonText } from "../../src/json/stringify.js";
import type { JsonObject } from "../../src/json/types.js";
import { pyJsonDumps } from "../../src/python/json-dumps.js";
import { bindKeywords, iterate } from "../../src/python/semantics.js";
import { canonicalJson } from "../../src/hash/db/index.js";

const parsed = (text: string): JsonObject => parsePythonJson(text) as JsonObject;

describe("isIndexKey: the keys JavaScript lists first", () => {
  it("takes canonical array indices only", () => {
    for (const k of ["0", "7", "10", "3631875806", "4294967294"]) expect(isIndexKey(k)).toBe(true);
    for (const k of ["", "01", "-1", "1.5", "1e3", " 1", "4294967295", "9999999999", "12345678901", "a1", "\u0661"]) expect(isIndexKey(k)).toBe(false);
  });

  it("agrees with the engine's own ordering", () => {
    for (const k of ["0", "01", "4294967294", "4294967295", "-1", "10"]) {
      const o: Record<string, number> = { z: 1 };
      o[k] = 2;
      expect(Object.keys(o)[0] === k).toBe(isIndexKey(k));
    }
  });
});

describe("parsing", () => {
  it("marks only objects whose order JavaScript cannot hold", () => {
    expect(keyOrderOf(parsed('{"1": 0, "2": 0, "a": 0}'))).toBeUndefined();
    expect(keyOrderOf(parsed('{"a": 0, "b": 0}'))).toBeUndefined();
    expect(pyKeys(parsed('{"2": 0, "1": 0}'))).toEqual(["2", "1"]);
    expect(pyKeys(parsed('{"a": 0, "1": 0, "b": 0}'))).toEqual(["a", "1", "b"]);
  });

  it("keeps a repeated key at its first place, with its last value", () => {
    const v = parsed('{"b": 1, "5": 2, "b": 3, "5": 4}');
    expect(pyJsonDumps(v)).toBe('{"b": 3, "5": 4}');
  });

  it("reads keys spelled with escapes (the fast path must not take them)", () => {
    expect(pyJsonDumps(parsed('{"x": 1, "\\u0031\\u0030": 2}'))).toBe('{"x": 1, "10": 2}');
    expect(pyJsonDumps(parsed('{"x": {"y": 1, "7" : 2}}'))).toBe('{"x": {"y": 1, "7": 2}}');
  });
});

describe("copies and edits", () => {
  const text = '{"variants": {"3631875806": {"p": 1.0}, "2509076505": {"p": 2.5}}, "name": "Lamp"}';

  it("snapshot, plainCopy, detachFromWorkspace and spreads keep the order", () => {
    const db = deepFreeze(parsed(text));
    const ws = new Workspace(db);
    const draft = ws.begin();
    const variants = draft["variants"] as JsonObject;
    variants["3631875806"] = { p: 3 };
    const want = '{"3631875806": {"p": 3}, "2509076505": {"p": 2.5}}';
    expect(pyJsonDumps(snapshot(variants))).toBe(want);
    expect(pyJsonDumps(plainCopy(variants))).toBe(want);
    expect(pyJsonDumps(detachFromWorkspace(variants))).toBe(want);
    expect(pyJsonDumps({ ...variants })).toBe(want);
    ws.commit();
    expect(toJsonText(ws.seal()["variants"] as JsonObject)).toBe('{"3631875806":{"p":3},"2509076505":{"p":2.5}}');
  });

  it("a key deleted in the workspace and set again on a copy made later goes last, as in a dict", () => {
    const ws = new Workspace(deepFreeze(parsed('{"a": 1, "7": 2, "b": 3}')));
    const draft = ws.begin();
    delete draft["a"];
    ws.commit();
    const copy: JsonObject = { ...ws.seal() };
    copy["a"] = 4;
    expect(pyJsonDumps(copy)).toBe('{"7": 2, "b": 3, "a": 4}');
  });

  it("an unmarked object gets a mark when a numeric key is added after others", () => {
    const ws = new Workspace(deepFreeze(parsed('{"t": {"1": 0, "x": 0}, "u": {"1": 0}}')));
    const draft = ws.begin();
    (draft["t"] as JsonObject)["0"] = 1;
    (draft["u"] as JsonObject)["2"] = 1;
    ws.commit();
    const root = ws.seal();
    expect(pyJsonDumps(root)).toBe('{"t": {"1": 0, "x": 0, "0": 1}, "u": {"1": 0, "2": 1}}');
    // Ascending numeric keys need no mark.
    expect(keyOrderOf(root["u"] as JsonObject)).toBeUndefined();
  });

  it("two workspaces on one parsed DB add different keys to the same marked table, each in its own order", () => {
    const db = deepFreeze(parsed('{"t": {"a": 1, "7": 2}}'));
    const [one, two] = [new Workspace(db), new Workspace(db)];
    const [d1, d2] = [one.begin(), two.begin()];
    (d1["t"] as JsonObject)["x"] = 3;
    (d2["t"] as JsonObject)["5"] = 4;
    (d2["t"] as JsonObject)["y"] = 5;
    one.commit();
    two.commit();
    expect(pyJsonDumps(one.seal())).toBe('{"t": {"a": 1, "7": 2, "x": 3}}');
    expect(pyJsonDumps(two.seal())).toBe('{"t": {"a": 1, "7": 2, "5": 4, "y": 5}}');
  });

  it("an object a tool stores, copied from a marked one and extended by hand, keeps Python's order under later edits", () => {
    const ws = new Workspace(deepFreeze(parsed('{"t": {"a": 1, "7": 2}}')));
    const d = ws.begin();
    const copy: JsonObject = { ...(d["t"] as JsonObject) };
    copy["b"] = 3;
    d["u"] = copy;
    ws.commit();
    ws.seal();
    const d2 = ws.begin();
    (d2["u"] as JsonObject)["3"] = 4;
    ws.commit();
    expect(pyJsonDumps(ws.seal()["u"] as JsonObject)).toBe('{"a": 1, "7": 2, "b": 3, "3": 4}');
  });

  it("a rolled-back call leaves the order as it was", () => {
    const ws = new Workspace(deepFreeze(parsed('{"a": 1, "7": 2}')));
    const draft = ws.begin();
    delete draft["a"];
    draft["a"] = 5;
    draft["3"] = 6;
    ws.rollback();
    expect(pyJsonDumps(ws.root)).toBe('{"a": 1, "7": 2}');
  });
});

describe("what the mark must not change", () => {
  it("schema checks see plain data", () => {
    const v = parsed('{"b": 1, "2": 2}');
    expect(Object.getOwnPropertySymbols(v)).toContain(KEY_ORDER);
    const stripped = withoutMarks(v);
    expect(Object.getOwnPropertySymbols(stripped)).toEqual([]);
    expect(z.record(z.string(), z.number()).safeParse(stripped).success).toBe(true);
  });

  it("the canonical hash text sorts keys, marked or not", () => {
    expect(canonicalJson(parsed('{"b": 1, "2": {"z": 0, "1": 0}}'))).toBe(canonicalJson(JSON.parse('{"2": {"1": 0, "z": 0}, "b": 1}') as JsonObject));
  });
});

describe("Python code imitated over dicts walks them in Python's order", () => {
  it("`for k in d` and f(**d)'s first unexpected keyword (CPython: f() got an unexpected keyword argument 'b')", () => {
    const d = parsed('{"b": 1, "7": 2}');
    expect(iterate(d)).toEqual(["b", "7"]);
    expect(() => bindKeywords({ name: "f", required: [] }, d)).toThrow("f() got an unexpected keyword argument 'b'");
  });
});

