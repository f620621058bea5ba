/**
 * A DB diff (`db_diff.json`, expected → actual) as an HTML table a person can
 * read: one row per differing path with the expected and the actual value.
 * Where both sides are long text or lists, the jsdiff package marks what
 * changed inside them (word diff for text, line diff for pretty-printed JSON):
 * a Myers diff is what a reader needs there, and not worth rewriting.
 */
import { diffLines, diffWordsWithSpace } from "diff";
import type { JsonObject, JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import type { DbDiff } from "../scoring/diff.js";
import { isHashedTable } from "../results/reasons.js";
import { esc, valueJson } from "./escape.js";

interface DiffRow {
  readonly path: string;
  readonly change: string;
  readonly expected?: JsonValue;
  readonly actual?: JsonValue;
}

const child = (path: string, k: string | number): string => (typeof k === "number" ? `${path}[${k}]` : `${path}.${k}`);
const strings = (v: JsonValue | undefined): string[] => (Array.isArray(v) ? v.map(String) : []);

function nodeRows(node: JsonValue | undefined, path: string, out: DiffRow[]): void {
  if (!isJsonObject(node)) return;
  const type = node["type"];
  if (type === "value_mismatch" || type === "non_dict_table") out.push({ path, change: "changed", expected: node["expected"] ?? null, actual: node["actual"] ?? null });
  else if (type === "type_mismatch") out.push({ path, change: `type ${node["expected_type"]} → ${node["actual_type"]}`, expected: node["expected"] ?? null, actual: node["actual"] ?? null });
  else if (type === "list_length_mismatch") out.push({ path, change: `${node["expected_length"]} → ${node["actual_length"]} items`, expected: node["expected"] ?? null, actual: node["actual"] ?? null });
  else if (type === "list_differences" && Array.isArray(node["differences"])) {
    for (const d of node["differences"]) if (isJsonObject(d)) nodeRows(d["diff"], child(path, Number(d["index"])), out);
  } else {
    for (const k of strings(node["fields_added"])) out.push({ path: child(path, k), change: "present, not expected" });
    for (const k of strings(node["fields_removed"])) out.push({ path: child(path, k), change: "expected, missing" });
    const mod = node["fields_modified"];
    if (isJsonObject(mod)) for (const [k, v] of Object.entries(mod)) nodeRows(v, child(path, k), out);
  }
}

/** The rows of one table: `tables` says whether it is the hashed ones or the others. */
function tableRows(diff: DbDiff, hashed: boolean): DiffRow[] {
  const out: DiffRow[] = [];
  const mine = (t: string): boolean => isHashedTable(t) === hashed;
  for (const t of diff.tables_added.filter(mine)) out.push({ path: t, change: "table present, not expected" });
  for (const t of diff.tables_removed.filter(mine)) out.push({ path: t, change: "table expected, missing" });
  for (const [table, t] of Object.entries<JsonObject>(diff.tables_modified)) {
    if (!mine(table)) continue;
    if (t["type"] !== undefined) {
      nodeRows(t, table, out);
      continue;
    }
    for (const k of strings(t["records_added"])) out.push({ path: child(table, k), change: "record present, not expected" });
    for (const k of strings(t["records_removed"])) out.push({ path: child(table, k), change: "record expected, missing" });
    const mod = t["records_modified"];
    if (isJsonObject(mod)) for (const [k, v] of Object.entries(mod)) nodeRows(v, child(table, k), out);
  }
  return hashed ? out : out.map((r) => ({ ...r, change: `${r.change} (not hashed: does not decide the verdict)` }));
}

/** Every differing path: those the DB hash covers first, then the others, marked "not hashed". */
export function diffRows(diff: DbDiff): DiffRow[] {
  return [...tableRows(diff, true), ...tableRows(diff, false)];
}

const pretty = (v: JsonValue): string => valueJson(v, 2);

/** Both values, with what differs marked: `<del>` only in expected, `<ins>` only in actual. */
function valueCells(expected: JsonValue | undefined, actual: JsonValue | undefined): [string, string] {
  if (expected === undefined && actual === undefined) return ["", ""];
  if (expected === undefined || actual === undefined) return [expected === undefined ? "" : `<pre>${esc(pretty(expected))}</pre>`, actual === undefined ? "" : `<pre>${esc(pretty(actual))}</pre>`];
  const textual = typeof expected === "string" && typeof actual === "string";
  const parts = textual ? diffWordsWithSpace(expected, actual) : diffLines(pretty(expected) + "\n", pretty(actual) + "\n");
  let e = "";
  let a = "";
  for (const p of parts) {
    const v = esc(p.value);
    if (p.added) a += `<ins>${v}</ins>`;
    else if (p.removed) e += `<del>${v}</del>`;
    else {
      e += v;
      a += v;
    }
  }
  return textual ? [`<pre>"${e}"</pre>`, `<pre>"${a}"</pre>`] : [`<pre>${e}</pre>`, `<pre>${a}</pre>`];
}

export function dbDiffHtml(diff: DbDiff): string {
  const rows = diffRows(diff);
  if (rows.length === 0) return `<p class="muted">The DB diff is empty: the hashes differ in a way the diff does not show.</p>`;
  const body = rows
    .map((r) => {
      const [e, a] = valueCells(r.expected, r.actual);
      return `<tr><td class="path"><code>${esc(r.path)}</code></td><td>${esc(r.change)}</td><td>${e}</td><td>${a}</td></tr>`;
    })
    .join("");
  return `<table class="dbdiff"><thead><tr><th>path</th><th>change</th><th>expected</th><th>actual</th></tr></thead><tbody>${body}</tbody></table>`;
}
