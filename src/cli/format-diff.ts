import { toJsonText } from "../json/stringify.js";
import type { JsonObject, JsonValue } from "../json/types.js";
import type { DbDiff } from "../scoring/diff.js";
import { isHashedTable } from "../results/reasons.js";

const show = (v: JsonValue | undefined): string => {
  const text = toJsonText(v ?? null);
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
};

function recordLines(diff: JsonObject, path: string, out: string[]): void {
  const type = diff["type"];
  if (type === "type_mismatch") out.push(`  ~ ${path}: ${show(diff["expected"])} (${String(diff["expected_type"])}) -> ${show(diff["actual"])} (${String(diff["actual_type"])})`);
  else if (type === "value_mismatch" || type === "non_dict_table") out.push(`  ~ ${path}: ${show(diff["expected"])} -> ${show(diff["actual"])}`);
  else if (type === "list_length_mismatch") out.push(`  ~ ${path}: list length ${String(diff["expected_length"])} -> ${String(diff["actual_length"])}`);
  else if (type === "list_differences") {
    for (const d of diff["differences"] as JsonObject[]) recordLines(d["diff"] as JsonObject, `${path}[${String(d["index"])}]`, out);
  } else {
    for (const f of (diff["fields_added"] as string[] | undefined) ?? []) out.push(`  + ${path}.${f}`);
    for (const f of (diff["fields_removed"] as string[] | undefined) ?? []) out.push(`  - ${path}.${f}`);
    const modified = (diff["fields_modified"] as JsonObject | undefined) ?? {};
    for (const [f, d] of Object.entries(modified)) recordLines(d as JsonObject, `${path}.${f}`, out);
  }
}

/** A line-per-change rendering of a DB diff for terminals: the tables the hash covers first, then the others marked "not hashed". */
export function formatDiff(diff: DbDiff): string {
  const hashed = tablesLines(diff, true);
  const rest = tablesLines(diff, false);
  const out = rest.length === 0 ? hashed : [...hashed, "not hashed (does not decide the verdict):", ...rest];
  return out.length === 0 ? "no differences\n" : out.join("\n") + "\n";
}

function tablesLines(diff: DbDiff, hashed: boolean): string[] {
  const out: string[] = [];
  const mine = (t: string): boolean => isHashedTable(t) === hashed;
  for (const t of diff.tables_added.filter(mine)) out.push(`+ table ${t}`);
  for (const t of diff.tables_removed.filter(mine)) out.push(`- table ${t}`);
  for (const [table, d] of Object.entries(diff.tables_modified)) {
    if (!mine(table)) continue;
    if (d["type"] === "non_dict_table") {
      recordLines(d, table, out);
      continue;
    }
    for (const r of d["records_added"] as string[]) out.push(`  + ${table}.${r}`);
    for (const r of d["records_removed"] as string[]) out.push(`  - ${table}.${r}`);
    for (const [r, rd] of Object.entries(d["records_modified"] as JsonObject)) recordLines(rd as JsonObject, `${table}.${r}`, out);
  }
  return out;
}
