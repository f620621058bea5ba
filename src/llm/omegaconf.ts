/**
 * OmegaConf's `${...}` references in a YAML config, resolved as
 * `OmegaConf.to_container(cfg, resolve=True)` resolves them, for the subset
 * NeMo's server configs use: absolute node references (`${llm.top_p}`,
 * `${a.b[0]}`). A value that is exactly one reference takes the referenced
 * node's value and type; a reference inside longer text becomes that value's
 * Python `str()`. `\${` is a literal `${`. Nothing is evaluated: a resolver
 * (`${oc.env:X}`, `${oc.select:...}`), a relative reference (`${.x}`), a
 * missing node or a cycle is an error naming the key that holds it.
 *
 * A config is outside input, so the work is bounded: each referenced node is
 * resolved once (memoized; a node used many times is shared, not copied),
 * without recursion (an explicit stack, so a long chain cannot overflow the
 * call stack), references nest at most MAX_REFERENCE_DEPTH deep, and one
 * resolved value is at most MAX_EXPANDED_SIZE in size (text characters plus
 * one per value); past either bound the error names the key.
 */
import { pyStr } from "../python/text.js";

/** References followed one inside another (OmegaConf itself stops at Python's recursion limit). */
export const MAX_REFERENCE_DEPTH = 100;
/** Size of one resolved value: characters of its text plus one per value (keys count their characters). */
export const MAX_EXPANDED_SIZE = 1_000_000;

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
const WHOLE = /^\$\{([^{}]*)\}$/;

/** A reference found in a node: its name and the key (dotted path) whose text holds it. */
interface Found {
  readonly name: string;
  readonly at: string;
}

/** Every reference in the strings of `node` (at path `at`), in document order, walked without recursion. */
function* referencesIn(node: Node, at: string): Generator<Found> {
  const todo: [Node, string][] = [[node, at]];
  while (todo.length > 0) {
    const [v, where] = todo.pop() as [Node, string];
    if (typeof v === "string") {
      if (!v.includes("${")) continue;
      for (const m of v.matchAll(REFERENCE)) if (m[1] !== undefined) yield { name: m[1].trim(), at: where };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) todo.push([v[i], `${where}[${i}]`]);
    } else if (isMapping(v)) {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) todo.push([v[keys[i] as string], where ? `${where}.${keys[i]}` : (keys[i] as string)]);
    }
  }
}

interface Resolved {
  readonly value: Node;
  readonly size: number;
}

/** One resolved value being built, without recursion: a container's children are done before it. */
interface BuildFrame {
  readonly src: Node;
  readonly at: string;
  readonly keys?: readonly string[];
  readonly out: Node[];
}

function tooLarge(at: string): InterpolationError {
  return new InterpolationError(at, `the references expand past ${MAX_EXPANDED_SIZE.toLocaleString("en-US")} characters (a config this large is refused)`);
}

function createResolver(root: Node): (path: string) => Node {
  const memo = new Map<string, Resolved>();
  const resolvedRef = (name: string): Resolved => memo.get(name) as Resolved;

  /** A string with every reference in it resolved (each is memoized by now). */
  const resolveText = (text: string, at: string): Resolved => {
    if (!text.includes("${")) return { value: text, size: text.length };
    const whole = WHOLE.exec(text);
    if (whole) return resolvedRef((whole[1] ?? "").trim());
    let size = 0;
    const out = text.replace(REFERENCE, (_m: string, ref: string | undefined) => {
      const part = ref === undefined ? "${" : interpolated(resolvedRef(ref.trim()).value, at);
      size += part.length;
      if (size > MAX_EXPANDED_SIZE) throw tooLarge(at);
      return part;
    });
    return { value: out, size: out.length };
  };

  /** A node's copy with its strings resolved; referenced values are shared, not copied. */
  const build = (node: Node, at: string): Resolved => {
    let size = 0;
    const add = (n: number, where: string): void => {
      size += n;
      if (size > MAX_EXPANDED_SIZE) throw tooLarge(where);
    };
    const leaf = (v: Node, where: string): Node => {
      if (typeof v !== "string") {
        add(1, where);
        return v;
      }
      const r = resolveText(v, where);
      add(r.size, where);
      return r.value;
    };
    const open = (v: Node, where: string): BuildFrame | undefined => {
      if (Array.isArray(v)) return { src: v, at: where, out: [] };
      if (isMapping(v)) return { src: v, at: where, keys: Object.keys(v), out: [] };
      return undefined;
    };
    const first = open(node, at);
    if (!first) return { value: leaf(node, at), size };
    const stack: BuildFrame[] = [first];
    let done: Node;
    while (stack.length > 0) {
      const f = stack[stack.length - 1] as BuildFrame;
      const i = f.out.length;
      const n = f.keys ? f.keys.length : (f.src as Node[]).length;
      if (i === n) {
        stack.pop();
        const value = f.keys ? Object.fromEntries(f.keys.map((k, j) => [k, f.out[j]])) : f.out;
        add(1 + (f.keys ?? []).reduce((s, k) => s + k.length, 0), f.at);
        if (stack.length === 0) done = value;
        else (stack[stack.length - 1] as BuildFrame).out.push(value);
        continue;
      }
      const key = f.keys?.[i];
      const child = key !== undefined ? (f.src as Record<string, Node>)[key] : (f.src as Node[])[i];
      const where = key !== undefined ? (f.at ? `${f.at}.${key}` : key) : `${f.at}[${i}]`;
      const inner = open(child, where);
      if (inner) stack.push(inner);
      else f.out.push(leaf(child, where));
    }
    return { value: done, size };
  };

  /** Resolve the node at `path`, every node it references first (depth first, on an explicit stack). */
  return (path: string): Node => {
    interface Frame {
      readonly name: string;
      readonly node: Node;
      readonly refs: Generator<Found>;
    }
    const stack: Frame[] = [];
    const onStack = new Set<string>();
    const enter = (name: string, node: Node): void => {
      stack.push({ name, node, refs: referencesIn(node, name) });
      onStack.add(name);
    };
    const follow = ({ name, at }: Found): void => {
      if (name.includes(":")) throw new InterpolationError(at, `\${${name}}: resolvers are not supported (evalsim evaluates nothing in a config)`);
      if (name.startsWith(".") || name === "") throw new InterpolationError(at, `\${${name}}: only absolute references (\${section.key}) are supported`);
      if (onStack.has(name)) throw new InterpolationError(at, `\${${name}}: the reference loops back on itself (${[...stack.map((f) => f.name), name].join(" -> ")})`);
      if (stack.length > MAX_REFERENCE_DEPTH) throw new InterpolationError(at, `\${${name}}: references nest more than ${MAX_REFERENCE_DEPTH} deep (${stack[0]?.name} -> ${stack[1]?.name} -> ... -> ${name})`);
      const found = lookup(root, name);
      if (found === undefined) throw new InterpolationError(at, `\${${name}}: no such key in the file`);
      enter(name, found);
    };
    if (!memo.has(path)) enter(path, lookup(root, path));
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as Frame;
      let next = top.refs.next();
      while (!next.done && memo.has(next.value.name)) next = top.refs.next();
      if (!next.done) {
        follow(next.value);
        continue;
      }
      memo.set(top.name, build(top.node, top.name));
      stack.pop();
      onStack.delete(top.name);
    }
    return resolvedRef(path).value;
  };
}

/** A copy of the node at `path` (dotted) of `root` with every reference resolved against `root`. */
export function resolveAt(root: Node, path: string): Node {
  const node = lookup(root, path);
  return node === undefined ? undefined : createResolver(root)(path);
}
