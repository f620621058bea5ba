/**
 * Which JSON numbers are Python floats.
 *
 * JavaScript has one number type; Python tells `25` from `25.0`, and the
 * text a model reads (`json.dumps`, `repr`) shows the difference. A
 * non-integral number can only be a float, so only integral floats need
 * remembering: each container (object or array) may carry, under one symbol
 * key, the floats its keys hold. A mark records the value it was made for,
 * so a key overwritten with another number (an int) is no longer a float;
 * code that computes a float (Python float arithmetic) marks its result
 * with `setFloat`.
 *
 * The marks travel with the container: immer's object copies (spread) and
 * the workspace's copies keep them (code copying by hand uses `copyMarks`,
 * json/marks.ts); hashes, equality and key listings never see them. Arrays copied by immer (`slice`) lose theirs; no DB holds
 * integral floats in an array.
 */
import type { JsonObject, JsonValue } from "./types.js";

/** The symbol key under which a container keeps its float marks. */
export const FLOAT_MARKS: unique symbol = Symbol.for("evalsim.pyFloats");

/**
 * One version of a persistent map: either the version whose entries the
 * shared `Map` holds now, or a difference (one key's value, or its absence)
 * from another version. Reading or extending a version first makes it the
 * one the map holds, undoing and redoing differences on the way (Baker's
 * rerooting), so a run of adds to the newest version costs O(1) each, where
 * copying the map per add made 100,000 marks on one array quadratic.
 */
type Version = { state: { readonly map: Map<string, number> } | Diff };
interface Diff {
  readonly key: string;
  /** The key's value in this version; undefined: absent. */
  readonly value: number | undefined;
  readonly next: Version;
}

/** Make `version` the one the shared map holds (iterative: chains may be long). */
function reroot(version: Version): Map<string, number> {
  const path: Version[] = [];
  let at = version;
  while (!("map" in at.state)) {
    path.push(at);
    at = at.state.next;
  }
  const map = at.state.map;
  for (let i = path.length - 1; i >= 0; i--) {
    const v = path[i] as Version;
    const diff = v.state as Diff;
    const previous = map.get(diff.key);
    if (diff.value === undefined) map.delete(diff.key);
    else map.set(diff.key, diff.value);
    diff.next.state = { key: diff.key, value: previous, next: v };
    v.state = { map };
  }
  return map;
}

/** Immutable to its users, and not a plain object, so immer never drafts it. */
export class FloatMarks {
  private constructor(private readonly version: Version) {
    Object.freeze(this);
  }

  static of(entries: Iterable<[string, number]>): FloatMarks {
    return new FloatMarks({ state: { map: new Map(entries) } });
  }

  with(key: string, value: number): FloatMarks {
    return this.changed(key, value);
  }

  without(key: string): FloatMarks {
    return this.changed(key, undefined);
  }

  holds(key: string, value: number): boolean {
    const marked = reroot(this.version).get(key);
    return marked !== undefined && Object.is(marked, value);
  }

  /** A snapshot: later changes to other versions do not show through. */
  entries(): IterableIterator<[string, number]> {
    return [...reroot(this.version).entries()][Symbol.iterator]();
  }

  private changed(key: string, value: number | undefined): FloatMarks {
    const map = reroot(this.version);
    const previous = map.get(key);
    if (value === undefined) map.delete(key);
    else map.set(key, value);
    const next: Version = { state: { map } };
    this.version.state = { key, value: previous, next };
    return new FloatMarks(next);
  }
}

type Container = JsonObject | JsonValue[];
type Marked = { [FLOAT_MARKS]?: FloatMarks };

export function floatMarksOf(container: object): FloatMarks | undefined {
  const marks = (container as Marked)[FLOAT_MARKS];
  return marks instanceof FloatMarks ? marks : undefined;
}

/** Record that `container[key]` (a number) is a Python float. */
export function markFloat(container: Container, key: string | number): void {
  const v = (container as Record<string, JsonValue>)[String(key)];
  if (typeof v !== "number" || !isAmbiguous(v)) return;
  const marks = floatMarksOf(container);
  (container as Marked)[FLOAT_MARKS] = marks ? marks.with(String(key), v) : FloatMarks.of([[String(key), v]]);
}

/** Forget a mark (`container[key]` now holds an int). */
export function unmarkFloat(container: Container, key: string | number): void {
  const marks = floatMarksOf(container);
  if (marks?.holds(String(key), (container as Record<string, JsonValue>)[String(key)] as number)) (container as Marked)[FLOAT_MARKS] = marks.without(String(key));
}

/** `container[key] = x` where Python computes a float. */
export function setFloat(container: JsonObject, key: string, x: number): void {
  container[key] = x;
  markFloat(container, key);
}

/** A new object with these entries, the listed ones marked as floats (`{"amount": float(x)}`). */
export function withFloats<T extends JsonObject>(obj: T, ...floatKeys: (keyof T & string)[]): T {
  for (const k of floatKeys) markFloat(obj, k);
  return obj;
}

/** Is `container[key]` a Python float? */
export function isFloatAt(container: object, key: string | number): boolean {
  const v = (container as Record<string, unknown>)[String(key)];
  if (typeof v !== "number") return false;
  if (!isAmbiguous(v)) return true;
  return floatMarksOf(container)?.holds(String(key), v) ?? false;
}

// Integral values (and -0) print as ints unless marked; every other number is a float anyway.
const isAmbiguous = (v: number): boolean => Number.isInteger(v);

// A whole document that is one number written as a float (JSON whitespace around it).
const FLOAT_DOCUMENT = /^[ \t\n\r]*-?(?:0|[1-9]\d*)(?:\.\d+(?:[eE][+-]?\d+)?|[eE][+-]?\d+)[ \t\n\r]*$/;

/**
 * Is the JSON text `text` a bare float (`2.0`, `1e3`)? Parsed, it is a
 * number with no container to hold its mark, so a caller that must tell
 * `2.0` from `2` at the top level asks here.
 */
export function isFloatDocument(text: string): boolean {
  return FLOAT_DOCUMENT.test(text);
}
