/**
 * Canonical serialization into the writer: `json.dumps(normalize(x),
 * sort_keys=True, separators=(",", ":"), default=str)`, normalization and
 * serialization in one pass. While a base is being built (`captureLayouts`)
 * it also records where the entries of each wide object sit in the bytes.
 */
import type { JsonObject, JsonValue } from "../../json/types.js";
import { pyJsonString } from "../../json/py-string.js";
import { isNoneLikeString } from "../../python/none-like.js";
import { shapeOfObject, type Shape } from "./shapes.js";
import { out, putAscii, putByte, putNumber, putString, textOf } from "./writer.js";

/** Where the entries of one wide object of a base sit in the base's bytes. */
export interface Layout {
  readonly keys: readonly string[];
  readonly valueStart: Int32Array;
  readonly valueEnd: Int32Array;
  readonly start: number;
  readonly end: number;
}

/** Objects whose text is shorter are re-serialized whole when they change. */
const WIDE_BYTES = 1024;

// While building a base: the layouts found so far, how many unfrozen containers were met,
// entry offsets, and how many lists enclose the current value (walks never enter a list, and
// the elements of an order-independent list move after they are written).
let capture: Map<object, Layout> | undefined;
let unfrozenSeen = 0;
const offsets: number[] = [];
let listDepth = 0;

export function isPlainObject(v: JsonValue | undefined): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Append `v`; `sortList` when it stands under an order-independent key. */
export function putValue(v: JsonValue | undefined, sortList: boolean): void {
  switch (typeof v) {
    case "string":
      if (isNoneLikeString(v)) putAscii("null");
      else putString(v);
      return;
    case "number":
      putNumber(v);
      return;
    case "object":
      if (v === null) putAscii("null");
      else if (Array.isArray(v)) putList(v, sortList);
      else putObject(v, shapeOfObject(v, false));
      return;
    case "boolean":
      putAscii(v ? "true" : "false");
      return;
    case "bigint":
      putAscii(v.toString());
      return;
    case "undefined":
      putAscii("null");
      return;
    default:
      throw new TypeError(`not a JSON value: ${typeof v}`);
  }
}

function putObject(o: JsonObject, shape: Shape, force = false): void {
  const { keys, texts, orderFree } = shape;
  const start = out.pos;
  let before = 0;
  if (capture) {
    before = unfrozenSeen;
    if (!Object.isFrozen(o)) unfrozenSeen++;
  }
  const mark = offsets.length;
  putByte(0x7b);
  for (let i = 0; i < keys.length; i++) {
    putAscii(texts[i] as string);
    if (capture) offsets.push(out.pos);
    putValue(o[keys[i] as string], orderFree[i] as boolean);
    if (capture) offsets.push(out.pos);
  }
  putByte(0x7d);
  if (capture) keepLayout(o, keys, start, mark, force || (listDepth === 0 && out.pos - start >= WIDE_BYTES && unfrozenSeen === before));
}

function keepLayout(o: JsonObject, keys: readonly string[], start: number, mark: number, keep: boolean): void {
  if (keep && capture) {
    const valueStart = new Int32Array(keys.length);
    const valueEnd = new Int32Array(keys.length);
    for (let i = 0; i < keys.length; i++) {
      valueStart[i] = offsets[mark + 2 * i] as number;
      valueEnd[i] = offsets[mark + 2 * i + 1] as number;
    }
    capture.set(o, { keys, valueStart, valueEnd, start, end: out.pos });
  }
  offsets.length = mark;
}

function putList(a: readonly JsonValue[], sortList: boolean): void {
  if (capture && !Object.isFrozen(a)) unfrozenSeen++;
  const start = out.pos;
  listDepth++;
  putByte(0x5b);
  if (sortList && a.length > 1) {
    const ends: number[] = [];
    for (let i = 0; i < a.length; i++) {
      if (i > 0) putByte(0x2c);
      putValue(a[i], false);
      ends.push(out.pos);
    }
    sortListBytes(a, start, ends);
  } else {
    for (let i = 0; i < a.length; i++) {
      if (i > 0) putByte(0x2c);
      putValue(a[i], false);
    }
  }
  putByte(0x5d);
  listDepth--;
}

/**
 * Reorder the serialized elements of `a` (ending at `ends`) stably by their
 * default-separator dump, which is ASCII, so code-unit order is code-point order.
 */
function sortListBytes(a: readonly JsonValue[], start: number, ends: readonly number[]): void {
  const from = (i: number): number => (i === 0 ? start + 1 : (ends[i - 1] as number) + 1);
  const order = a.map((x, i) => ({ i, key: x !== null && typeof x === "object" ? spaced(x, false) : textOf(from(i), ends[i] as number) }));
  order.sort((p, q) => (p.key < q.key ? -1 : p.key > q.key ? 1 : 0));
  if (order.every((o, k) => o.i === k)) return;
  const { buf } = out;
  const old = Buffer.from(buf.subarray(start + 1, out.pos));
  let p = start + 1;
  order.forEach(({ i }, k) => {
    if (k > 0) buf[p++] = 0x2c;
    p += old.copy(buf, p, from(i) - start - 1, (ends[i] as number) - start - 1);
  });
}

/** Python's default separators (`, ` and `: `), as text: used for sort keys only. */
export function spaced(v: JsonValue | undefined, sortList: boolean): string {
  if (v === null || typeof v !== "object") {
    if (typeof v === "string") return isNoneLikeString(v) ? "null" : pyJsonString(v);
    const mark = out.pos;
    putValue(v, false);
    const text = textOf(mark, out.pos);
    out.pos = mark;
    return text;
  }
  if (Array.isArray(v)) {
    const parts = v.map((x) => spaced(x, false));
    if (sortList) parts.sort();
    return `[${parts.join(", ")}]`;
  }
  const { keys, orderFree } = shapeOfObject(v, false);
  return `{${keys.map((k, i) => `${pyJsonString(k)}: ${spaced(v[k], orderFree[i] as boolean)}`).join(", ")}}`;
}

/** Serialize into the writer's buffer from offset 0; the bytes are `out.buf[0, out.pos)`. */
export function writeCanonical(obj: JsonValue): void {
  out.pos = 0;
  if (isPlainObject(obj)) putObject(obj, shapeOfObject(obj, true));
  else putValue(obj, false);
}

/**
 * `writeCanonical(root)`, also recording the layout of the root and of every
 * wide object outside lists whose containers are all frozen. `deepFrozen`:
 * no container of the DB was unfrozen.
 */
export function captureLayouts(root: JsonObject): { layouts: Map<object, Layout>; deepFrozen: boolean } {
  const layouts = new Map<object, Layout>();
  out.pos = 0;
  capture = layouts;
  unfrozenSeen = 0;
  offsets.length = 0;
  listDepth = 0;
  try {
    putObject(root, shapeOfObject(root, true), true);
  } finally {
    capture = undefined;
  }
  return { layouts, deepFrozen: unfrozenSeen === 0 };
}
