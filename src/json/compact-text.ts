import { pyKeys } from "./py-key-order.js";
import { numberText } from "./stringify.js";
import type { JsonValue } from "./types.js";

/**
 * Compact JSON text, exactly `toJsonText(value)`, remembered for deep-frozen
 * containers. A model request repeats its whole history and tool specs on
 * every turn; those are deep-frozen, so a request costs one new message's
 * text plus lookups instead of re-serializing 20–50 KB each turn.
 *
 * Only deep-frozen containers are remembered: nothing can change under a
 * remembered text.
 */
const texts = new WeakMap<object, string>();

/** Whether the value written last was a primitive or a deep-frozen container. */
let lastDeep = true;

function write(v: JsonValue | undefined): string {
  if (v === null || v === undefined) {
    lastDeep = true;
    return "null";
  }
  if (typeof v !== "object") {
    lastDeep = true;
    return typeof v === "number" ? numberText(v) : typeof v === "bigint" ? v.toString() : JSON.stringify(v);
  }
  const known = texts.get(v);
  if (known !== undefined) {
    lastDeep = true;
    return known;
  }
  let deep = Object.isFrozen(v);
  let text: string;
  if (Array.isArray(v)) {
    const parts: string[] = new Array<string>(v.length);
    for (let i = 0; i < v.length; i++) {
      parts[i] = write(v[i]);
      deep &&= lastDeep;
    }
    text = `[${parts.join(",")}]`;
  } else {
    const parts: string[] = [];
    for (const k of pyKeys(v)) {
      const x = v[k];
      if (x === undefined) continue;
      parts.push(`${JSON.stringify(k)}:${write(x)}`);
      deep &&= lastDeep;
    }
    text = `{${parts.join(",")}}`;
  }
  if (deep) texts.set(v, text);
  lastDeep = deep;
  return text;
}

export function compactJsonText(value: JsonValue): string {
  return write(value);
}
