/**
 * JSON text → JsonValue with Python `json.loads` semantics where they differ
 * from `JSON.parse`: integer literals beyond 2^53 stay exact (as bigint), the
 * `NaN`, `Infinity` and `-Infinity` tokens are accepted, a float literal
 * with an integral value (`25.0`, `1e18`) stays a float (see py-float.ts),
 * and an object keeps its keys' order where JavaScript's would differ
 * (numeric keys after others, see py-key-order.ts).
 *
 * `JSON.parse` reads every document, the tokens it would read otherwise
 * carried through as tagged strings (py-tokens.ts); only what that road
 * cannot read goes through the exact (slower, about ten times) parser below,
 * which also gives errors their offsets and paths.
 */
import { DEFAULT_MAX_DEPTH, depthExceededAt, pathAt } from "./depth.js";
import { markFloat, unmarkFloat } from "./py-float.js";
import { isIndexKey, KEY_ORDER, KeyOrder } from "./py-key-order.js";
import { parseWithJsonParse } from "./py-tokens.js";
import type { JsonObject, JsonValue } from "./types.js";

/** JSON text that does not parse, with the line and column of the problem. */
export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
    this.name = "JsonSyntaxError";
  }
}

/** Nested deeper than the limit: refused before parsing (see depth.ts). */
export class JsonDepthError extends JsonSyntaxError {
  constructor(
    readonly maxDepth: number,
    readonly path: string,
    offset: number,
  ) {
    super(`nesting deeper than ${maxDepth} levels at ${path}`, offset);
    this.name = "JsonDepthError";
  }
}

/**
 * An integer literal of more than 4300 digits: Python's json.loads raises
 * ValueError (int_max_str_digits) here, not JSONDecodeError, which callers
 * that catch only decode errors (pipecat's tool-call parsing) let through.
 */
export class JsonIntDigitsError extends JsonSyntaxError {
  constructor(message: string, offset: number) {
    super(message, offset);
    this.name = "JsonIntDigitsError";
  }
}

export interface ParseOptions {
  /** Arrays and objects nested deeper than this are refused (default 512). */
  readonly maxDepth?: number;
}

/** Throw JsonDepthError when `text` nests arrays/objects deeper than `maxDepth`. */
export function checkJsonDepth(text: string, maxDepth: number = DEFAULT_MAX_DEPTH): void {
  const tooDeep = depthExceededAt(text, maxDepth);
  if (tooDeep !== -1) throw new JsonDepthError(maxDepth, pathAt(text, tooDeep), tooDeep);
}

/** Parse JSON text as Python's `json.loads` does: big integers kept exactly, `NaN`/`Infinity` accepted, floats marked as floats. */
export function parsePythonJson(text: string, options: ParseOptions = {}): JsonValue {
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const fast = parseWithJsonParse(text, maxDepth);
  if (fast !== undefined) return fast;
  checkJsonDepth(text, maxDepth);
  return parseExactly(text);
}

/** The exact parser alone (the reference `parsePythonJson`'s fast roads must agree with). */
export function parseExactly(text: string): JsonValue {
  return new ExactParser(text).parseDocument();
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

const NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const MAX_INT_DIGITS = 4300;

class ExactParser {
  private i = 0;
  /** The value just read was a float literal (markFloat keeps only the integral ones). */
  private lastWasFloat = false;
  constructor(private readonly s: string) {}

  parseDocument(): JsonValue {
    const v = this.value();
    this.skipWs();
    if (this.i !== this.s.length) this.fail("unexpected trailing data");
    return v;
  }

  private fail(msg: string, kind: typeof JsonSyntaxError = JsonSyntaxError): never {
    const s = this.s;
    const before = s.slice(0, this.i);
    const line = before.split("\n").length;
    const col = this.i - before.lastIndexOf("\n");
    throw new kind(`${msg} at line ${line} column ${col}`, this.i);
  }

  private skipWs(): void {
    while (this.i < this.s.length && WS.has(this.s.charCodeAt(this.i))) this.i++;
  }

  private value(): JsonValue {
    this.lastWasFloat = false;
    this.skipWs();
    const c = this.s[this.i];
    // A container's own last item must not mark the container's place.
    if (c === "{") return this.afterContainer(this.object());
    if (c === "[") return this.afterContainer(this.array());
    if (c === '"') return this.string();
    if (this.s.startsWith("true", this.i)) return (this.i += 4), true;
    if (this.s.startsWith("false", this.i)) return (this.i += 5), false;
    if (this.s.startsWith("null", this.i)) return (this.i += 4), null;
    if (this.s.startsWith("NaN", this.i)) return (this.i += 3), NaN;
    if (this.s.startsWith("Infinity", this.i)) return (this.i += 8), Infinity;
    if (this.s.startsWith("-Infinity", this.i)) return (this.i += 9), -Infinity;
    return this.number();
  }

  private afterContainer<T>(v: T): T {
    this.lastWasFloat = false;
    return v;
  }

  private object(): JsonObject {
    this.i++;
    const out: JsonObject = {};
    this.skipWs();
    if (this.s[this.i] === "}") return this.i++, out;
    // Python's key order, kept only once JavaScript's has departed from it.
    let order: string[] | undefined;
    let lastIndex = -1;
    let sawOther = false;
    for (;;) {
      this.skipWs();
      if (this.s[this.i] !== '"') this.fail("expected a string key");
      const key = this.string();
      this.skipWs();
      if (this.s[this.i] !== ":") this.fail("expected ':'");
      this.i++;
      const v = this.value();
      if (order !== undefined) {
        if (!Object.hasOwn(out, key)) order.push(key);
      } else if (!isIndexKey(key)) sawOther = true;
      else if (!Object.hasOwn(out, key)) {
        const n = Number(key);
        // Until now the keys came in an order JavaScript keeps, so its order is the insertion order.
        if (sawOther || n < lastIndex) order = [...Object.keys(out), key];
        else lastIndex = n;
      }
      // defineProperty keeps "__proto__" an ordinary own key, as JSON.parse does.
      Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
      // A repeated key keeps its place and takes the last value, int or float.
      if (this.lastWasFloat) markFloat(out, key);
      else unmarkFloat(out, key);
      this.skipWs();
      const c = this.s[this.i++];
      if (c === "}") {
        if (order !== undefined) (out as { [KEY_ORDER]?: KeyOrder })[KEY_ORDER] = KeyOrder.of(order);
        return out;
      }
      if (c !== ",") this.fail("expected ',' or '}'");
    }
  }

  private array(): JsonValue[] {
    this.i++;
    const out: JsonValue[] = [];
    this.skipWs();
    if (this.s[this.i] === "]") return this.i++, out;
    for (;;) {
      out.push(this.value());
      if (this.lastWasFloat) markFloat(out, out.length - 1);
      this.skipWs();
      const c = this.s[this.i++];
      if (c === "]") return out;
      if (c !== ",") this.fail("expected ',' or ']'");
    }
  }

  private string(): string {
    const start = this.i;
    this.i++;
    for (;;) {
      const c = this.s.charCodeAt(this.i);
      if (Number.isNaN(c)) this.fail("unterminated string");
      if (c === 0x22) break;
      if (c === 0x5c) this.i++;
      else if (c < 0x20) this.fail("control character in string");
      this.i++;
    }
    this.i++;
    try {
      return JSON.parse(this.s.slice(start, this.i)) as string;
    } catch {
      this.i = start;
      return this.fail("invalid string escape");
    }
  }

  private number(): number | bigint {
    NUMBER.lastIndex = this.i;
    const m = NUMBER.exec(this.s);
    if (!m || m[0] === "" || m[0] === "-") this.fail("unexpected character");
    const lit = m[0];
    if (m[2] === undefined && m[3] === undefined) {
      // Python refuses to read an int of more than 4300 digits (its int_max_str_digits).
      if (m[1]!.length > MAX_INT_DIGITS) this.fail(`integer literal of ${m[1]!.length} digits exceeds the limit of ${MAX_INT_DIGITS}`, JsonIntDigitsError);
      this.i += lit.length;
      const n = Number(lit);
      return Number.isSafeInteger(n) ? n : BigInt(lit);
    }
    this.i += lit.length;
    this.lastWasFloat = true;
    return Number(lit);
  }
}
