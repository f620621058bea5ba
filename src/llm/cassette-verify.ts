/**
 * Check every entry of a cassette folder: each `<2 hex>/<key>.json` must be
 * a whole, unedited entry for its key (cassette-entry.ts). Other files are
 * reported too, except the temporary files of an interrupted write.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { checkEntry } from "./cassette-entry.js";
import { readInputText } from "../loaders/input-file.js";
import { FixtureError } from "../loaders/load-db.js";

export interface CassetteProblem {
  readonly path: string;
  readonly problem: string;
}

export interface CassetteReport {
  readonly entries: number;
  readonly problems: readonly CassetteProblem[];
}

const ENTRY_NAME = /^([0-9a-f]{64})\.json$/;
const SHARD_NAME = /^[0-9a-f]{2}$/;
// writeFileAtomic's temp files: `.<name>.<pid>-<thread>.tmp`.
const TEMP_NAME = /^\..+\.\d+-\d+\.tmp$/;

/** Check a folder of recorded LLM exchanges: every entry whole and unedited (`evalsim cassettes verify`). */
export function verifyCassetteDir(dir: string): CassetteReport {
  const problems: CassetteProblem[] = [];
  let entries = 0;
  for (const shard of readdirSync(dir).sort()) {
    const shardPath = join(dir, shard);
    if (!statSync(shardPath).isDirectory()) {
      problems.push({ path: shardPath, problem: "not a cassette entry folder (expected <2 hex digits>/<key>.json)" });
      continue;
    }
    if (!SHARD_NAME.test(shard)) {
      problems.push({ path: shardPath, problem: "not a cassette entry folder (its name is not two hex digits)" });
      continue;
    }
    for (const name of readdirSync(shardPath).sort()) {
      if (TEMP_NAME.test(name)) continue;
      const path = join(shardPath, name);
      const key = ENTRY_NAME.exec(name)?.[1];
      if (key === undefined || !key.startsWith(shard)) {
        problems.push({ path, problem: "not a cassette entry (expected <key>.json under the folder of its first two hex digits)" });
        continue;
      }
      entries++;
      let text: string;
      try {
        text = readInputText(path, "cassette");
      } catch (e) {
        if (e instanceof FixtureError) {
          problems.push({ path, problem: e.detail });
          continue;
        }
        problems.push({ path, problem: `cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})` });
        continue;
      }
      const checked = checkEntry(text, key);
      if (!checked.ok) problems.push({ path, problem: checked.problem });
    }
  }
  return { entries, problems };
}
