/**
 * Hashing a DB against an earlier frozen DB it shares structure with (slices
 * of stored bytes, resumed SHA-256 states, cached digests) must give exactly
 * the digest of the full canonical text. The reference here is a plain
 * recursive serializer written from the Python definition (get_dict_hash),
 * applied to a fresh unfrozen copy; the from-scratch path is checked against
 * Python itself in canonical.test.ts.
 */
import { createHash } from "node:crypto";
import fc from "fast-check";
import { produce } from "immer";
import { describe, expect, it } from "vitest";
import { deepFreeze } from "../../../src/json/freeze.js";
import { pyFloatRepr, pyIntStr } from "../../../src/python/float.js";
import { compareCodePoints, pyJsonString } from "../../../src/json/py-string.js";
import { pyStrip as pythonStrip } from "../../../src/python/strip.js";
import type { JsonObject, JsonValue } from "../../../src/json/types.js";
import { canonicalJson, dbHash } from "../../../src/hash/db/index.js";
import { jsonValueArb, keyArb } from "../../helpers/json-arbitraries.js";

const SEED = 0x1c4e_2026;
const ORDER_FREE = new Set(["standby_list", "notifications", "bookings", "system_accounts", "group_memberships", "asset_recoveries"]);

// ---------------------------------------------------------------------------
// Reference: normalize, then json.dumps(sort_keys=True), written out plainly

function refScalar(v: JsonValue): string {
  if (v === null) return "null";
  if (typeof v === "string") {
    const t = pythonStrip(v).toLowerCase();
    return t === "none" || t === "null" ? "null" : pyJsonString(v);
  }
  if (typeof v === "number") return Number.isFinite(v) && Number.isInteger(v) ? pyIntStr(v) : pyFloatRepr(v);
  if (typeof v === "bigint") return v.toString();
  return v ? "true" : "false";
}

function refDump(v: JsonValue, item: string, colon: string): string {
  if (v === null || typeof v !== "object") return refScalar(v);
  if (Array.isArray(v)) return `[${v.map((x) => refDump(x, item, colon)).join(item)}]`;
  const keys = Object.keys(v).sort(compareCodePoints);
  return `{${keys.map((k) => pyJsonString(k) + colon + refDump(refNormalizeEntry(k, v[k] as JsonValue), item, colon)).join(item)}}`;
}

/** An order-independent list becomes the stable sort of its elements by their default dump. */
function refNormalizeEntry(k: string, v: JsonValue): JsonValue {
  if (!ORDER_FREE.has(k) || !Array.isArray(v)) return v;
  const keyed = v.map((x) => ({ x, key: refDump(x, ", ", ": ") }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((e) => e.x);
}

/** `o[k] = v` as an own data property, even for a key such as "__proto__". */
function define(o: JsonObject, k: string, v: JsonValue): void {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

function referenceHash(db: JsonObject): string {
  const top: JsonObject = {};
  for (const k of Object.keys(db)) if (k !== "session") define(top, k, db[k] as JsonValue);
  return createHash("sha256").update(refDump(top, ",", ":"), "utf8").digest("hex");
}

/** A fresh, unfrozen copy that shares nothing with `v`. */
function clone<T extends JsonValue>(v: T): T {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map((x) => clone(x)) as T;
  const out: JsonObject = {};
  for (const k of Object.keys(v)) define(out, k, clone(v[k] as JsonValue));
  return out as T;
}

// ---------------------------------------------------------------------------
// DBs: a few wide tables of small records, some records with a wide nested object

// A fixed filler makes the tables big enough to be kept as bases (64 KiB) without costly generation.
const FILLER = "lorem ipsum ".repeat(10);

const recordArb: fc.Arbitrary<JsonObject> = fc.record({
  id: fc.string({ maxLength: 6 }),
  note: fc.constant(FILLER),
  status: fc.constantFrom("active", "cancelled", "None", " null ", "pending"),
  amount: fc.oneof(fc.integer(), fc.double({ noNaN: true, min: -1e6, max: 1e6 })),
  bookings: fc.array(fc.oneof(fc.string({ maxLength: 4 }), fc.integer({ min: 0, max: 9 })), { maxLength: 4 }),
  extra: fc.dictionary(keyArb, jsonValueArb, { maxKeys: 2, noNullPrototype: true }),
});

const wideRecordArb: fc.Arbitrary<JsonObject> = fc.record({
  id: fc.string({ maxLength: 6 }),
  dates: fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }).filter((k) => k !== "__proto__"), recordArb, { minKeys: 6, maxKeys: 10, noNullPrototype: true }),
});

const tableArb: fc.Arbitrary<JsonObject> = fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }).filter((k) => k !== "__proto__"), fc.oneof({ weight: 9, arbitrary: recordArb }, { weight: 1, arbitrary: wideRecordArb }), {
  minKeys: 100,
  maxKeys: 130,
  noNullPrototype: true,
});

const dbArb: fc.Arbitrary<JsonObject> = fc
  .tuple(tableArb, tableArb, tableArb, fc.option(jsonValueArb, { nil: undefined }))
  .map(([a, b, c, session]) => ({ flights: a, reservations: b, users: c, ...(session === undefined ? {} : { session }) }));

type Edit =
  | { kind: "set"; table: number; pick: number; key: string; value: JsonValue }
  | { kind: "setNested"; table: number; pick: number; value: JsonValue }
  | { kind: "delete"; table: number; pick: number }
  | { kind: "add"; table: number; key: string; value: JsonValue }
  | { kind: "replaceTable"; table: number; value: JsonValue }
  | { kind: "topLevel"; key: string; value: JsonValue }
  | { kind: "dropTopLevel"; key: string }
  | { kind: "reorderBookings"; table: number; pick: number }
  | { kind: "alias"; table: number; pick: number; from: number }
  | { kind: "noop" };

const tableIx = fc.nat(2);
// Assigning "__proto__" on a draft sets a prototype rather than a key: not a data edit.
const editKeyArb = keyArb.filter((k) => k !== "__proto__");
const editArb: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("set" as const), table: tableIx, pick: fc.nat(), key: editKeyArb, value: jsonValueArb }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("setNested" as const), table: tableIx, pick: fc.nat(), value: jsonValueArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("delete" as const), table: tableIx, pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("add" as const), table: tableIx, key: fc.string({ maxLength: 8 }).filter((k) => k !== "__proto__"), value: jsonValueArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("replaceTable" as const), table: tableIx, value: jsonValueArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("topLevel" as const), key: fc.oneof(editKeyArb, fc.constant("session")), value: jsonValueArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("dropTopLevel" as const), key: fc.constantFrom("session", "users", "flights") }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("reorderBookings" as const), table: tableIx, pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("alias" as const), table: tableIx, pick: fc.nat(), from: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: "noop" as const }) },
);

const TABLES = ["flights", "reservations", "users"] as const;

function pickKey(table: JsonObject, pick: number): string | undefined {
  const keys = Object.keys(table);
  return keys.length === 0 ? undefined : keys[pick % keys.length];
}

/** Apply one edit to an immer draft of the DB. */
function applyEdit(d: JsonObject, e: Edit): void {
  if (e.kind === "noop") return;
  if (e.kind === "topLevel") {
    d[e.key] = e.value;
    return;
  }
  if (e.kind === "dropTopLevel") {
    delete d[e.key];
    return;
  }
  const name = TABLES[e.table] as string;
  const table = d[name];
  if (e.kind === "replaceTable" || table === null || typeof table !== "object" || Array.isArray(table)) {
    d[name] = e.kind === "replaceTable" ? e.value : {};
    return;
  }
  if (e.kind === "add") {
    table[e.key] = e.value;
    return;
  }
  const id = pickKey(table, e.pick);
  if (id === undefined) return;
  const rec = table[id];
  if (e.kind === "delete") {
    delete table[id];
    return;
  }
  if (rec === null || typeof rec !== "object" || Array.isArray(rec)) {
    table[id] = { replaced: e.kind === "set" ? e.value : null };
    return;
  }
  switch (e.kind) {
    case "set":
      rec[e.key] = e.value;
      return;
    case "setNested": {
      const dates = rec["dates"];
      if (dates !== null && typeof dates === "object" && !Array.isArray(dates)) {
        const day = pickKey(dates, e.pick >> 3);
        if (day !== undefined) dates[day] = e.value;
      } else rec["extra"] = e.value;
      return;
    }
    case "alias": {
      // One object at two places, the second inside an order-independent list.
      const other = pickKey(table, e.from);
      if (other !== undefined) rec["bookings"] = [table[other] as JsonValue, "z", 0];
      return;
    }
    case "reorderBookings": {
      const list = rec["bookings"];
      if (Array.isArray(list)) list.reverse();
      else rec["bookings"] = ["b", "a", 3];
      return;
    }
    default:
      return e satisfies never;
  }
}

describe("incremental canonical hash", () => {
  it("equals the full computation over random edit sequences on frozen immer trees", () => {
    fc.assert(
      fc.property(dbArb, fc.array(editArb, { minLength: 1, maxLength: 12 }), (db, edits) => {
        const base = deepFreeze(db);
        const versions: JsonObject[] = [base];
        let current = base;
        for (const e of edits) {
          current = produce(current, (d) => applyEdit(d, e));
          versions.push(current);
          expect(dbHash(current)).toBe(referenceHash(clone(current)));
        }
        // Hash the versions again, newest first (cached digests, other bases), and the base itself.
        for (const v of [...versions].reverse()) expect(dbHash(v)).toBe(referenceHash(clone(v)));
        // A branch off an early version, hashed after the later ones exist.
        const branch = produce(versions[1] ?? base, (d) => applyEdit(d, { kind: "delete", table: 1, pick: 7 }));
        expect(dbHash(branch)).toBe(referenceHash(clone(branch)));
      }),
      { seed: SEED, numRuns: 40, endOnFailure: true },
    );
  });

  it("never reuses bytes of objects that are not frozen, even under a frozen root", () => {
    fc.assert(
      fc.property(dbArb, recordArb, (db, replacement) => {
        const base = deepFreeze(db);
        expect(dbHash(base)).toBe(referenceHash(clone(base)));
        // An unfrozen table next to frozen ones: hashed against the base, then mutated and hashed again.
        const users = { ...(base["users"] as JsonObject) };
        const mixed = Object.freeze({ ...base, users });
        expect(dbHash(mixed)).toBe(referenceHash(clone(mixed)));
        const id = pickKey(users, 3) ?? "x";
        define(users, id, clone(replacement));
        expect(dbHash(mixed)).toBe(referenceHash(clone(mixed)));
        (users[id] as JsonObject)["status"] = "changed in place";
        expect(dbHash(mixed)).toBe(referenceHash(clone(mixed)));
        // A plain, unfrozen root sharing frozen tables.
        const loose: JsonObject = { ...base };
        expect(dbHash(loose)).toBe(referenceHash(clone(loose)));
        loose["flights"] = { only: 1 };
        expect(dbHash(loose)).toBe(referenceHash(clone(loose)));
      }),
      { seed: SEED + 1, numRuns: 15, endOnFailure: true },
    );
  });

  it("handles one wide object at two places, one of them inside an order-independent list", () => {
    // Bookings sort by their text, so the aliased object moves inside the list; its
    // own place ("a0") comes first in canonical order, the list ("z9") last.
    const dates: JsonObject = {};
    for (let i = 0; i < 40; i++) dates[`d${i}`] = { seats: i, note: FILLER };
    const wide: JsonObject = { id: "W", dates };
    const table: JsonObject = { a0: wide };
    for (let i = 1; i < 400; i++) table[`r${i}`] = { id: `r${i}`, note: FILLER };
    table["z9"] = { id: "z9", bookings: ["zzz", wide, "aaa"] };
    const base = deepFreeze<JsonObject>({ reservations: table, users: { u: 1 } });
    expect(dbHash(base)).toBe(referenceHash(clone(base)));
    const edited = produce(base, (d) => {
      (((d["reservations"] as JsonObject)["a0"] as JsonObject)["dates"] as JsonObject)["d7"] = "changed";
    });
    expect(dbHash(edited)).toBe(referenceHash(clone(edited)));
  });

  it("serializes a shared DB exactly as a fresh copy", () => {
    fc.assert(
      fc.property(dbArb, (db) => {
        const frozen = deepFreeze(db);
        expect(dbHash(frozen)).toBe(referenceHash(clone(frozen)));
        expect(canonicalJson(frozen)).toBe(canonicalJson(clone(frozen)));
      }),
      { seed: SEED + 2, numRuns: 10, endOnFailure: true },
    );
  });
});
