/**
 * Cassette folders of shard runs merge like their run folders: every entry
 * of every input is checked (`verifyCassetteDir`) and copied; the same key
 * with different bytes in two inputs is a conflict. Rerunnable: entries
 * already in the output with the same bytes are left as they are.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../../json/atomic-write.js";
import { verifyCassetteDir } from "../../llm/cassette-verify.js";
import { MergeError } from "./error.js";

const ENTRY = /^[0-9a-f]{64}\.json$/;
const SHARD = /^[0-9a-f]{2}$/;

function entries(dir: string): string[] {
  const out: string[] = [];
  for (const shard of readdirSync(dir).sort()) {
    if (!SHARD.test(shard)) continue;
    for (const name of readdirSync(join(dir, shard)).sort()) if (ENTRY.test(name)) out.push(join(shard, name));
  }
  return out;
}

/** Returns how many entries the output holds afterwards. */
export function mergeCassettes(inputs: readonly string[], out: string): number {
  const problems: string[] = [];
  for (const dir of inputs) {
    if (!existsSync(dir)) {
      problems.push(`${dir}: no such cassette folder`);
      continue;
    }
    for (const p of verifyCassetteDir(dir).problems) problems.push(`${p.path}: ${p.problem}`);
  }
  if (problems.length > 0) throw new MergeError(`cassette folders with problems:\n  ${problems.join("\n  ")}`);
  const source = new Map<string, { dir: string; bytes: Buffer }>();
  const conflicts: string[] = [];
  for (const dir of inputs) {
    for (const rel of entries(dir)) {
      const bytes = readFileSync(join(dir, rel));
      const seen = source.get(rel);
      if (!seen) source.set(rel, { dir, bytes });
      else if (!seen.bytes.equals(bytes)) conflicts.push(`${rel} (${seen.dir} vs ${dir})`);
    }
  }
  if (conflicts.length > 0) throw new MergeError(`cassette entries differ between inputs:\n  ${conflicts.join("\n  ")}`);
  for (const [rel, { bytes }] of source) {
    const dest = join(out, rel);
    if (existsSync(dest) && readFileSync(dest).equals(bytes)) continue;
    writeFileAtomic(dest, bytes);
  }
  return existsSync(out) ? entries(out).length : 0;
}
