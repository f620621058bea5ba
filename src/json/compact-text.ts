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

/** UTF-8 bytes of the remembered texts, for requests sent as bytes. */
const bytes = new WeakMap<object, Buffer>();

/**
 * `compactJsonText(value)` as UTF-8 chunks: each deep-frozen container is one
 * remembered buffer, so a request repeating its history encodes only what is
 * new (encoding the whole 20–50 KB text each turn cost as much as writing it).
 */
export function compactJsonChunks(value: JsonValue): Buffer[] {
  const out: Buffer[] = [];
  let glue = "";
  const flush = (): void => {
    if (glue !== "") out.push(Buffer.from(glue, "utf8"));
    glue = "";
  };
  const emit = (v: JsonValue | undefined): void => {
    if (v !== null && typeof v === "object") {
      const remembered = Object.isFrozen(v) ? compactWhole(v) : undefined;
      if (remembered) {
        flush();
        out.push(remembered);
        return;
      }
      if (Array.isArray(v)) {
        glue += "[";
        v.forEach((x, i) => {
          if (i > 0) glue += ",";
          emit(x);
        });
        glue += "]";
        return;
      }
      glue += "{";
      let first = true;
      for (const k of pyKeys(v)) {
        const x = v[k];
        if (x === undefined) continue;
        glue += `${first ? "" : ","}${JSON.stringify(k)}:`;
        first = false;
        emit(x);
      }
      glue += "}";
      return;
    }
    glue += write(v);
  };
  emit(value);
  flush();
  return out;
}

/** The remembered bytes of a deep-frozen container (undefined when it is not deep-frozen). */
function compactWhole(v: object): Buffer | undefined {
  const known = bytes.get(v);
  if (known) return known;
  const text = write(v as JsonValue);
  if (texts.get(v) !== text) return undefined;
  const b = Buffer.from(text, "utf8");
  bytes.set(v, b);
  return b;
}
