/**
 * Sorting mismatching calls into classes: first the argument and number
 * edge cases (their own classes, recognisable from the call and the two
 * texts), then everything else by tool and by what each side answered.
 */

export interface Side2 {
  readonly text: string;
  readonly exit: boolean;
  /** Random ids the call drew (the reference is handed evalsim's; a different count is a difference). */
  readonly draws?: number;
}

export interface MismatchInput {
  readonly domain: string;
  readonly tool: string;
  readonly args: string;
  readonly bend: string;
  readonly reference: Side2;
  readonly evalsim: Side2;
  /** Sides whose DB hash differs after this call (and did not before it). */
  readonly stateSides: readonly string[];
  /** The DB already differed before this call. */
  readonly cascade: boolean;
}

export interface Classified {
  readonly cls: string;
  /** Which kind of fix it needs: number/argument edge cases, or domain behaviour. */
  readonly group: "edge" | "domain" | "known" | "cascade";
}

/** Integer literals past 2^53, exponent literals of 1e16 and up, and numeric strings of them. */
const BIG_INT = /(?<![\w.])-?\d{16,}(?![\d.eE])|(?<![\w.])-?\d+(?:\.\d+)?[eE]\+?(?:1[6-9]|[2-9]\d|\d{3,})(?!\d)/;
/** Integral floats: `25.0`, `-0.0`, `1.0e2`, `1E2`, `1e18`. */
const INTEGRAL_FLOAT = /(?<![\w.])-?\d+\.0+(?![\d])|(?<![\w.])-?\d+(?:\.0+)?[eE]\+?\d+(?!\d)/;

function topLevelHasSelf(args: string): boolean {
  return /^\{(?:.*[,{])?"self":/.test(args) && (() => {
    try {
      const v = JSON.parse(args) as unknown;
      return typeof v === "object" && v !== null && !Array.isArray(v) && Object.hasOwn(v, "self");
    } catch {
      return true;
    }
  })();
}

function integralText(token: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e\+?(\d+))?$/.exec(token);
  if (!m) return token;
  const [, sign = "", int = "", frac = "", exp = "0"] = m;
  const zeros = Number(exp) - frac.length;
  if (zeros < 0) {
    // Integral only if the digits past the point are zeros.
    const cut = frac.length + zeros;
    if (!/^0*$/.test(frac.slice(cut))) return token;
    const digits = `${int}${frac.slice(0, cut)}`.replace(/^0+(?=\d)/, "");
    return digits === "0" ? "0" : `${sign}${digits}`;
  }
  const digits = `${int}${frac}${"0".repeat(zeros)}`.replace(/^0+(?=\d)/, "");
  return digits === "0" ? "0" : `${sign}${digits}`;
}

/**
 * `text` with each number token outside strings (matched by `token`, at a
 * token start) replaced by `replace(token)`; strings are copied as they are.
 */
function mapNumberTokens(text: string, token: RegExp, replace: (t: string) => string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    const num = token.exec(text.slice(i, i + 400));
    if (num && (i === 0 || !/[\w.]/.test(text[i - 1] as string))) {
      out += replace(num[0]);
      i += num[0].length;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

/**
 * The reference's text with its integral floats printed as ints (what a value
 * model without floats prints): number tokens outside strings only.
 */
export function floatsAsInts(text: string): string {
  return mapNumberTokens(text, /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/, (t) => (/[.eE]/.test(t) ? integralText(t) : t));
}

/** Number tokens outside strings, as strings (so a parse keeps how each was written). */
function quoteNumbers(text: string): string {
  return mapNumberTokens(text, /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|NaN|-?Infinity)/, (t) => JSON.stringify(`#${t}`));
}

/** Both texts are JSON with the same values written alike, objects' keys in another order. */
export function sameUpToKeyOrder(a: string, b: string): boolean {
  a = quoteNumbers(a);
  b = quoteNumbers(b);
  try {
    const sorted = (v: unknown): unknown =>
      Array.isArray(v) ? v.map(sorted) : typeof v === "object" && v !== null ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([k, x]) => [`k${k}`, sorted(x)])) : v;
    return JSON.stringify(sorted(JSON.parse(a))) === JSON.stringify(sorted(JSON.parse(b)));
  } catch {
    return false;
  }
}

function errorKind(text: string): string {
  try {
    const v = JSON.parse(text) as unknown;
    if (typeof v !== "object" || v === null || Array.isArray(v)) return typeof v;
    const o = v as Record<string, unknown>;
    if (typeof o["error_type"] === "string") return String(o["error_type"]);
    if ("error" in o && Object.keys(o).length === 1) return "error";
    if (o["status"] === "success" && "message" in o && ("results" in o || "result" in o)) return "empty";
    return "ok";
  } catch {
    return text.startsWith("<") ? text.slice(1, text.indexOf(":") > 0 ? text.indexOf(":") : 20) : "text";
  }
}

/** A field the reference reports as `missing` that evalsim reports as an `enum` error. */
function missingAsEnum(ref: string, ours: string): boolean {
  const fields = (text: string, type: string): string[] => [...text.matchAll(new RegExp(`\\{"field": "([^"]+)", "error": "[^"]*", "type": "${type}"\\}`, "g"))].map((x) => x[1] as string);
  const missing = fields(ref, "missing");
  return missing.length > 0 && fields(ours, "enum").some((f) => missing.includes(f));
}

export function classify(m: MismatchInput): Classified {
  const c = classifyCall(m);
  // After the state already differed, only differences the call itself explains keep their class.
  return m.cascade && c.group === "domain" ? { cls: `${m.domain}: after an earlier state difference`, group: "cascade" } : c;
}

function classifyCall(m: MismatchInput): Classified {
  const args = m.args.trim();
  const ref = m.reference.text;
  const ours = m.evalsim.text;
  if (m.bend === "not-json") return { cls: "argument text that is not JSON (or empty)", group: "edge" };
  if (/calculate/i.test(m.tool) && ref.endsWith('"Invalid expression: "}') && ours.endsWith('"Invalid expression: int too large to convert to float"}')) {
    // The reference ran out of memory computing the int (its MemoryError has no text).
    return { cls: "calculate:ints-past-memory", group: "known" };
  }
  if (!args.startsWith("{")) return { cls: "non-object arguments", group: "edge" };
  if (topLevelHasSelf(args)) return { cls: "a 'self' argument", group: "edge" };
  if (BIG_INT.test(args)) return { cls: "big integer argument (> 2^53, numeric string, 1e18, 1e308)", group: "edge" };
  const sameElse = m.stateSides.length === 0 && m.reference.exit === m.evalsim.exit && (m.reference.draws ?? 0) === (m.evalsim.draws ?? 0);
  if (sameElse && ref !== ours && sameUpToKeyOrder(floatsAsInts(ref), floatsAsInts(ours)) && !sameUpToKeyOrder(ref, ours) && floatsAsInts(ref) !== floatsAsInts(ours) && !INTEGRAL_FLOAT.test(args)) {
    return { cls: "integral float in result printed as int (and object keys reordered)", group: "edge" };
  }
  if (sameElse && ref !== ours && sameUpToKeyOrder(ref, ours)) {
    // evalsim keeps Python's key order (numeric keys included): any reordering is a defect.
    return { cls: "object keys in another order", group: "edge" };
  }
  // Both sides' integral floats as ints: equal texts differ only in which integral floats print as floats.
  if (sameElse && ref !== ours && floatsAsInts(ref) === floatsAsInts(ours)) {
    return { cls: INTEGRAL_FLOAT.test(args) ? "integral float argument echoed as int" : "integral float in result printed as int", group: "edge" };
  }
  if (INTEGRAL_FLOAT.test(args)) return { cls: "integral float argument (other difference)", group: "edge" };
  if (missingAsEnum(ref, ours)) return { cls: "missing enum field reported as an invalid choice", group: "edge" };
  const what = ref !== ours ? "text" : m.reference.exit !== m.evalsim.exit ? "exit" : (m.reference.draws ?? 0) !== (m.evalsim.draws ?? 0) ? "random draws" : "state";
  const kinds =
    what === "text" ? ` reference=${errorKind(ref)} evalsim=${errorKind(ours)}` : what === "state" ? ` ${m.stateSides.join("+")}` : what === "random draws" ? ` reference=${m.reference.draws ?? 0} evalsim=${m.evalsim.draws ?? 0}` : "";
  return { cls: `${m.domain} ${m.tool}: ${what}${kinds}`, group: "domain" };
}
