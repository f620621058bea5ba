/**
 * The workspace against immer: the same generated edits, one transaction per
 * step, committed or rolled back, must leave the same JSON (key order
 * included) as one `produce` per step; sealing must deep-freeze the result,
 * share every untouched object with the opened DB and never touch that DB.
 */
import fc from "fast-check";
import { produce } from "immer";
import { describe, expect, it } from "vitest";
import { deepFreeze } from "../../src/json/freeze.js";
import { detachFromWorkspace, isWorkspaceDraft, Workspace } from "../../src/engine/workspace.js";
import type { JsonObject, JsonValue } from "../../src/json/types.js";
import { runs } from "../properties/settings.js";

type Container = Record<string, JsonValue> | JsonValue[];
const isContainer = (v: unknown): v is Container => typeof v === "object" && v !== null;

// Plain JSON (no bigint, NaN, "__proto__"): the comparison is by JSON.stringify.
const leaf = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom("a", "b", "", null, true, 1.5));
const keyArb = fc.constantFrom("a", "b", "c", "d", "10", "2", "x y");
const valueArb: fc.Arbitrary<JsonValue> = fc.letrec<{ v: JsonValue }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small" },
    leaf,
    fc.array(tie("v"), { maxLength: 4 }),
    fc.dictionary(keyArb, tie("v"), { maxKeys: 4 }),
  ),
})).v;
const dbArb = fc.dictionary(keyArb, valueArb, { minKeys: 1, maxKeys: 5 });

/** Where an edit lands: indices walk down the tree, each taken modulo the width there. */
const pathArb = fc.array(fc.nat(), { maxLength: 4 });

type Op =
  | { op: "set"; at: number[]; key: string; value: JsonValue }
  | { op: "move"; at: number[]; key: string; from: number[] }
  | { op: "delete"; at: number[]; pick: number }
  | { op: "push"; at: number[]; value: JsonValue }
  | { op: "splice"; at: number[]; start: number; count: number; items: JsonValue[] }
  | { op: "sort" | "reverse" | "keys"; at: number[] }
  | { op: "truncate"; at: number[]; length: number }
  | { op: "stale"; at: number[]; key: string; value: JsonValue }
  | { op: "nest"; at: number[]; key: string; from: number[] };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant("set" as const), at: pathArb, key: keyArb, value: valueArb }),
  fc.record({ op: fc.constant("move" as const), at: pathArb, key: keyArb, from: pathArb }),
  fc.record({ op: fc.constant("delete" as const), at: pathArb, pick: fc.nat() }),
  fc.record({ op: fc.constant("push" as const), at: pathArb, value: valueArb }),
  fc.record({ op: fc.constant("splice" as const), at: pathArb, start: fc.nat(4), count: fc.nat(3), items: fc.array(valueArb, { maxLength: 2 }) }),
  fc.record({ op: fc.constantFrom("sort" as const, "reverse" as const, "keys" as const), at: pathArb }),
  fc.record({ op: fc.constant("truncate" as const), at: pathArb, length: fc.nat(3) }),
  fc.record({ op: fc.constant("stale" as const), at: pathArb, key: keyArb, value: valueArb }),
  fc.record({ op: fc.constant("nest" as const), at: pathArb, key: keyArb, from: pathArb }),
);

const stepArb = fc.record({ ops: fc.array(opArb, { minLength: 1, maxLength: 5 }), keep: fc.boolean() });

/** The containers from `root` down along `at`, stopping where the tree does. */
function chain(root: Container, at: readonly number[]): Container[] {
  const out = [root];
  let cur = root;
  for (const i of at) {
    const keys = Object.keys(cur);
    if (keys.length === 0) break;
    const next = (cur as Record<string, unknown>)[keys[i % keys.length] as string];
    if (!isContainer(next)) break;
    out.push((cur = next));
  }
  return out;
}

const walk = (root: Container, at: readonly number[]): Container => chain(root, at).at(-1) as Container;

/** The value at `from`, unless storing it at `at` would make a cycle. */
function movable(root: Container, at: readonly number[], from: readonly number[]): Container | undefined {
  const src = walk(root, from);
  return chain(root, at).includes(src) ? undefined : src;
}

const text = (v: unknown): string => JSON.stringify(v);

/** Apply one op to a draft (immer's or the workspace's): the same code for both. */
function apply(root: Container, o: Op): void {
  const c = walk(root, o.at);
  const arr = Array.isArray(c) ? c : undefined;
  const obj = arr ? undefined : (c as Record<string, JsonValue>);
  switch (o.op) {
    case "set":
      if (obj) obj[o.key] = structuredClone(o.value);
      else if (arr) arr[Math.min(o.key.length, arr.length)] = structuredClone(o.value);
      return;
    case "move": {
      // Store a draft read from elsewhere: both places must end up equal.
      const src = movable(root, o.at, o.from);
      if (obj && src) obj[o.key] = src;
      return;
    }
    case "nest": {
      // A new object holding a draft, changed after it was stored.
      const src = movable(root, o.at, o.from);
      if (!obj || !src) return;
      const fresh: Record<string, JsonValue> = { inner: src };
      obj[o.key] = fresh;
      fresh["later"] = 1;
      return;
    }
    case "delete": {
      const keys = Object.keys(c);
      if (keys.length === 0) return;
      if (obj) delete obj[keys[o.pick % keys.length] as string];
      else arr?.pop();
      return;
    }
    case "push":
      arr?.push(structuredClone(o.value));
      return;
    case "splice":
      arr?.splice(o.start, o.count, ...structuredClone(o.items));
      return;
    case "sort":
      arr?.sort((a, b) => (text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : 0));
      return;
    case "reverse":
      arr?.reverse();
      return;
    case "truncate":
      if (arr && o.length < arr.length) arr.length = o.length;
      return;
    case "keys":
      // Reads only: spreads and key listings must not write.
      void Object.entries(c).length;
      void text({ ...c });
      return;
    case "stale": {
      // Keep a child draft, overwrite its place, then write through the kept draft.
      const keys = Object.keys(c).filter((k) => isContainer((c as Record<string, unknown>)[k]));
      if (!obj || keys.length === 0) return;
      const k = keys[0] as string;
      const kept = obj[k] as Container;
      obj[k] = structuredClone(o.value);
      if (Array.isArray(kept)) kept.push(1);
      else kept[o.key] = 2;
      return;
    }
  }
}

function isDeepFrozen(v: unknown): boolean {
  if (!isContainer(v)) return true;
  return Object.isFrozen(v) && Object.values(v).every(isDeepFrozen);
}

describe("Workspace", () => {
  it("ends where one immer produce per step ends, after commits and rollbacks", () => {
    fc.assert(
      fc.property(dbArb, fc.array(stepArb, { minLength: 1, maxLength: 6 }), (db0, steps) => {
        const base = deepFreeze(structuredClone(db0)) as JsonObject;
        const baseText = text(base);
        let expected: JsonObject = base;
        const ws = new Workspace(base);
        for (const { ops, keep } of steps) {
          let next: JsonObject;
          try {
            next = produce(expected, (d) => {
              for (const o of ops) apply(d, o);
            });
            text(next);
          } catch {
            // A draft moved into a new object that is then moved under it: a cycle, not JSON.
            fc.pre(false);
            return;
          }
          if (keep) expected = next;
          const draft = ws.begin();
          for (const o of ops) apply(draft, o);
          if (keep) ws.commit();
          else ws.rollback();
          expect(text(ws.root)).toBe(text(expected));
        }
        const sealed = ws.seal();
        expect(text(sealed)).toBe(text(expected));
        expect(isDeepFrozen(sealed)).toBe(true);
        expect(text(base)).toBe(baseText);
        // Untouched top-level values are the opened DB's own objects.
        for (const k of Object.keys(base)) {
          if (expected[k] === base[k]) expect(sealed[k]).toBe(base[k]);
        }
      }),
      runs(600),
    );
  });

  it("copies a wide table once per workspace, and not at all for reads", () => {
    const orders: Record<string, JsonValue> = {};
    for (let i = 0; i < 1000; i++) orders[`#W${i}`] = { status: "pending", items: [i] };
    const base = deepFreeze({ orders, users: { u: { name: "n" } } }) as JsonObject;
    const ws = new Workspace(base);
    let draft = ws.begin() as { orders: Record<string, { status: string }>; users: Record<string, { name: string }> };
    void draft.orders["#W1"]?.status;
    void draft.users["u"]?.name;
    ws.commit();
    expect(ws.root).toBe(base);
    draft = ws.begin() as typeof draft;
    (draft.orders["#W1"] as { status: string }).status = "cancelled";
    ws.commit();
    const firstCopy = ws.root["orders"];
    expect(firstCopy).not.toBe(base["orders"]);
    draft = ws.begin() as typeof draft;
    (draft.orders["#W2"] as { status: string }).status = "cancelled";
    ws.commit();
    expect(ws.root["orders"]).toBe(firstCopy);
    expect(ws.root["users"]).toBe(base["users"]);
    const sealed = ws.seal() as typeof draft;
    expect(sealed.orders["#W3"]).toBe((base["orders"] as Record<string, JsonValue>)["#W3"]);
    expect([sealed.orders["#W1"]?.status, sealed.orders["#W2"]?.status]).toEqual(["cancelled", "cancelled"]);
  });

  it("rolls back writes to objects owned since an earlier transaction, key order included", () => {
    const base = deepFreeze({ t: { a: 1, b: 2, c: 3 } }) as JsonObject;
    const ws = new Workspace(base);
    let d = ws.begin() as { t: Record<string, number> };
    d.t["a"] = 10;
    ws.commit();
    d = ws.begin() as typeof d;
    delete d.t["a"];
    d.t["b"] = 20;
    d.t["z"] = 26;
    d.t["a"] = 11;
    ws.rollback();
    expect(text(ws.root)).toBe(text({ t: { a: 10, b: 2, c: 3 } }));
  });

  it("detaches results: frozen parts shared, drafts and owned objects copied", () => {
    const base = deepFreeze({ r: { x: { y: 1 } }, s: { z: 2 } }) as JsonObject;
    const ws = new Workspace(base);
    const d = ws.begin() as { r: { x: { y: number } }; s: { z: number } };
    d.r.x.y = 5;
    const out = detachFromWorkspace({ r: d.r, s: d.s }) as { r: { x: { y: number } }; s: unknown };
    ws.commit();
    expect(isWorkspaceDraft(out.r)).toBe(false);
    expect(out.s).toBe(base["s"]);
    const again = ws.begin() as typeof d;
    again.r.x.y = 6;
    ws.commit();
    expect(out.r.x.y).toBe(5);
  });

  it("freezes stored new values when their transaction commits", () => {
    const args = { passengers: [{ name: "A" }] };
    const ws = new Workspace(deepFreeze({ res: {} }));
    const d = ws.begin() as { res: Record<string, unknown> };
    d.res["R1"] = args;
    ws.commit();
    expect(Object.isFrozen(args.passengers[0])).toBe(true);
    const d2 = ws.begin() as { res: Record<string, { passengers: { name: string }[] }> };
    (d2.res["R1"]?.passengers[0] as { name: string }).name = "B";
    ws.commit();
    expect(args.passengers[0]?.name).toBe("A");
    expect(text(ws.root)).toBe(text({ res: { R1: { passengers: [{ name: "B" }] } } }));
  });
});

describe("two workspaces (the two sides of a run)", () => {
  it("store a value read from the other side as a copy of it", () => {
    const agent = new Workspace(deepFreeze({ lines: [{ id: "L1", status: "active" }] }));
    const user = new Workspace(deepFreeze({ phone: {} }));
    const a = agent.begin() as { lines: { id: string; status: string }[] };
    const u = user.begin() as { phone: Record<string, unknown> };
    (a.lines[0] as { status: string }).status = "suspended";
    u.phone["line"] = a.lines[0];
    agent.commit();
    user.commit();
    expect(text(user.root)).toBe(text({ phone: { line: { id: "L1", status: "suspended" } } }));
    const again = agent.begin() as typeof a;
    (again.lines[0] as { status: string }).status = "active";
    agent.commit();
    expect(text(user.seal())).toBe(text({ phone: { line: { id: "L1", status: "suspended" } } }));
  });
});
