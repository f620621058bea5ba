/**
 * Where two JSON values differ, as field paths (`reservations.ABC123.bags_checked`,
 * `customers[2].lines[0].status`): the answer to "which field", which a
 * DB hash cannot give.
 */

type Json = unknown;

const isObject = (v: Json): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);

function join(path: string, key: string | number): string {
  if (typeof key === "number") return `${path}[${key}]`;
  const safe = /^[A-Za-z_#0-9][\w#-]*$/.test(key) ? key : JSON.stringify(key);
  return path === "" ? safe : `${path}.${safe}`;
}

/** Paths (depth-first, keys in the first value's order, then keys only the second has) where `a` and `b` differ; at most `limit`. */
export function differingPaths(a: Json, b: Json, limit = 20): string[] {
  const out: string[] = [];
  const walk = (x: Json, y: Json, path: string): void => {
    if (out.length >= limit) return;
    if (isObject(x) && isObject(y)) {
      for (const k of Object.keys(x)) walk(x[k], Object.hasOwn(y, k) ? y[k] : undefined, join(path, k));
      for (const k of Object.keys(y)) if (!Object.hasOwn(x, k)) walk(undefined, y[k], join(path, k));
      return;
    }
    if (Array.isArray(x) && Array.isArray(y)) {
      for (let i = 0; i < Math.max(x.length, y.length); i++) walk(x[i], y[i], join(path, i));
      return;
    }
    if (JSON.stringify(x) !== JSON.stringify(y)) out.push(path === "" ? "(whole value)" : path);
  };
  walk(a, b, "");
  return out;
}

/**
 * A path with its record ids replaced (`reservations.*.bags_checked`,
 * `customers[].lines[].status`), so the same field of different records
 * groups together: every table's second level is keyed by record id.
 */
export function fieldOf(path: string): string {
  const parts = path.split(".");
  if (parts.length >= 2 && !(parts[0] as string).includes("[")) parts[1] = `*${(parts[1] as string).replace(/^[^[]*/, "")}`;
  return parts.join(".").replace(/\[\d+\]/g, "[]");
}

/** The value at `path` (as `differingPaths` writes it), or undefined. */
export function valueAt(root: Json, path: string): Json {
  let v: Json = root;
  const re = /(?:^|\.)("(?:[^"\\]|\\.)*"|[^.[\]]+)|\[(\d+)\]/g;
  for (const m of path.matchAll(re)) {
    if (v === undefined || v === null) return undefined;
    if (m[2] !== undefined) v = Array.isArray(v) ? v[Number(m[2])] : undefined;
    else {
      const key = (m[1] as string).startsWith('"') ? (JSON.parse(m[1] as string) as string) : (m[1] as string);
      v = isObject(v) ? v[key] : undefined;
    }
  }
  return v;
}
