/**
 * Everyday selection on top of --domain / --scenarios: scenario-name globs
 * (`tau2_retail__1*`), and cutting a selection down to its first N (`--limit`)
 * or to N drawn with a seed (`--sample N --seed S`). A sample keeps catalog
 * order, so the same seed gives the same scenarios in the same order.
 */
import { createRng } from "./rng.js";

/** True when a `--scenarios` entry is a pattern rather than a name. */
export const isGlob = (s: string): boolean => /[*?[]/.test(s);

/** A glob as a whole-name regular expression: `*` any run of characters, `?` one, `[...]` a class. */
export function globRegExp(glob: string): RegExp {
  let re = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === "*") re += ".*";
    else if (c === "?") re += ".";
    else if (c === "[") {
      const end = glob.indexOf("]", i + 2);
      if (end === -1) re += "\\[";
      else {
        const body = glob.slice(i + 1, end).replace(/\\/g, "\\\\");
        re += `[${body.startsWith("!") ? `^${body.slice(1)}` : body}]`;
        i = end;
      }
    } else re += c.replace(/[.+^${}()|\\\]]/g, "\\$&");
  }
  return new RegExp(`^${re}$`, "s");
}

export interface Narrowing {
  /** The first N of the selection. */
  readonly limit?: number | null | undefined;
  /** N of the selection, drawn with `seed`. */
  readonly sample?: number | null | undefined;
  readonly seed?: number | undefined;
}

/** The selection cut down by --sample (drawn first) and then --limit. */
export function narrow<T>(items: readonly T[], n: Narrowing): T[] {
  let out = [...items];
  if (n.sample !== null && n.sample !== undefined && n.sample < out.length) {
    const rng = createRng(`sample:${n.seed ?? 0}`);
    const idx = out.map((_, i) => i);
    // A partial Fisher-Yates shuffle picks `sample` indexes; sorting them keeps catalog order.
    for (let i = 0; i < n.sample; i++) {
      const j = i + rng.int(idx.length - i);
      [idx[i], idx[j]] = [idx[j] as number, idx[i] as number];
    }
    const keep = idx.slice(0, n.sample).sort((a, b) => a - b);
    out = keep.map((i) => out[i] as T);
  }
  if (n.limit !== null && n.limit !== undefined) out = out.slice(0, n.limit);
  return out;
}
