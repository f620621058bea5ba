/**
 * OmegaConf's `${...}` references in a YAML config, resolved as
 * `OmegaConf.to_container(cfg, resolve=True)` resolves them, for the subset
 * NeMo's server configs use: absolute node references (`${llm.top_p}`,
 * `${a.b[0]}`). A value that is exactly one reference takes the referenced
 * node's value and type; a reference inside longer text becomes that value's
 * Python `str()`. `\${` is a literal `${`. Nothing is evaluated: a resolver
 * (`${oc.env:X}`, `${oc.select:...}`), a relative reference (`${.x}`), a
 * missing node or a cycle is an error naming the key that holds it.
 */
import { pyStr } from "../python/text.js";

export class InterpolationError extends Error {
  constructor(
    readonly path: string,
    detail: string,
  ) {
    super(detail);
    this.name = "InterpolationError";
  }
}

type Node = unknown;
const isMapping = (v: Node): v is Record<string, Node> => v !== null && typeof v === "object" && !Array.isArray(v);

/** A scalar as an interpolation inside text writes it: Python's `str()`; a mapping or list cannot be one. */
function interpolated(v: Node, at: string): string {
  if (v !== null && typeof v === "object") throw new InterpolationError(at, "a reference inside text must name a single value, not a mapping or list");
  return pyStr(v);
}

/** The node at a dotted path (`a.b`, `a.b[0]`, `a[0].c`), or undefined. */
function lookup(root: Node, ref: string): Node {
  let node: Node = root;
  for (const part of ref.split(".")) {
    const m = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) return undefined;
    if (m[1] !== "") {
      if (!isMapping(node) || !Object.hasOwn(node, m[1] ?? "")) return undefined;
      node = node[m[1] ?? ""];
    }
    for (const idx of (m[2] ?? "").match(/\d+/g) ?? []) {
      if (!Array.isArray(node)) return undefined;
      node = node[Number(idx)];
    }
  }
  return node;
}

const REFERENCE = /\\\$\{|\$\{([^{}]*)\}/g;

/** Resolve one string found at `at` (a dotted path, for messages). */
function resolveString(text: string, root: Node, at: string, seen: readonly string[]): Node {
  if (!text.includes("${")) return text;
  const target = (ref: string): Node => {
    const name = ref.trim();
    if (name.includes(":")) throw new InterpolationError(at, `\${${name}}: resolvers are not supported (evalsim evaluates nothing in a config)`);
    if (name.startsWith(".") || name === "") throw new InterpolationError(at, `\${${name}}: only absolute references (\${section.key}) are supported`);
    if (seen.includes(name)) throw new InterpolationError(at, `\${${name}}: the reference loops back on itself (${[...seen, name].join(" -> ")})`);
    const found = lookup(root, name);
    if (found === undefined) throw new InterpolationError(at, `\${${name}}: no such key in the file`);
    return resolveNode(found, root, name, [...seen, name]);
  };
  const whole = /^\$\{([^{}]*)\}$/.exec(text);
  if (whole) return target(whole[1] ?? "");
  return text.replace(REFERENCE, (_m: string, ref: string | undefined) => (ref === undefined ? "${" : interpolated(target(ref), at)));
}

function resolveNode(v: Node, root: Node, at: string, seen: readonly string[]): Node {
  if (typeof v === "string") return resolveString(v, root, at, seen);
  if (Array.isArray(v)) return v.map((x, i) => resolveNode(x, root, `${at}[${i}]`, seen));
  if (isMapping(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, resolveNode(x, root, at ? `${at}.${k}` : k, seen)]));
  return v;
}

/** A copy of the node at `path` (dotted) of `root` with every reference resolved against `root`. */
export function resolveAt(root: Node, path: string): Node {
  const node = lookup(root, path);
  return node === undefined ? undefined : resolveNode(node, root, path, []);
}
