/**
 * The calls evalsim's own eva gold trajectories make, for the id check,
 * against their scenario DB. A dangling id there is evalsim's error.
 */
import { join } from "node:path";
import { readJsonOrReport } from "../../engine/data-checks/findings.js";
import type { ReferenceGroup, ReferenceSpec } from "../../engine/data-checks/layout.js";
import { isJsonObject } from "../../json/types.js";
import { isFile, listNames } from "../../loaders/files.js";
import { EVA_AIRLINE_REFERENCES } from "./reference-rules.js";

/** The id check over the gold trajectories in `goldDir`. */
export function evaGoldReferences(goldDir: string): ReferenceSpec {
  return {
    rules: EVA_AIRLINE_REFERENCES,
    groups(_ctx, dir, add): ReferenceGroup[] {
      const groups: ReferenceGroup[] = [];
      for (const name of listNames(goldDir, /\.json$/)) {
        const file = join(goldDir, name);
        const gold = readJsonOrReport(file, add);
        const evaId = isJsonObject(gold) ? gold["eva_id"] : undefined;
        const calls = isJsonObject(gold) ? gold["calls"] : undefined;
        if (typeof evaId !== "string" || !Array.isArray(calls)) {
          if (gold !== undefined) add({ severity: "error", file, message: "expected {eva_id, calls: [...]}" });
          continue;
        }
        const dbFile = join(dir, `${evaId}.json`);
        if (!isFile(dbFile)) {
          add({ severity: "error", file, path: "eva_id", message: `no scenario DB ${evaId}.json for this gold trajectory` });
          continue;
        }
        const db = readJsonOrReport(dbFile, add);
        if (!isJsonObject(db)) continue;
        const named = calls.flatMap((call, j) => {
          const tool = isJsonObject(call) ? call["name"] : undefined;
          const args = isJsonObject(call) ? call["arguments"] : undefined;
          return typeof tool === "string" && isJsonObject(args) ? [{ path: ["calls", j, "arguments"], name: tool, args }] : [];
        });
        // Each call stands alone: a gold trajectory's ids all exist before it starts.
        for (const call of named) groups.push({ file, label: `gold ${evaId}`, dbs: { agent: db }, calls: [call], severity: "error", scenario: evaId });
      }
      return groups;
    },
  };
}
