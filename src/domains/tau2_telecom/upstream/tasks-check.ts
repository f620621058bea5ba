/**
 * Check 3b: NeMo's telecom task files against the upstream copy. `tasks.json`
 * and `tasks_voice.json` were filtered to the base split at import, so
 * `tasks.json` must hold exactly the upstream base split ∩ the voice set;
 * the split file and the policy documents are verbatim copies.
 *
 * Task *contents* cannot be compared: the upstream copy carries only
 * `tasks_small.json`, whose 20 tasks are not in the base split.
 */
import { join } from "node:path";
import { isJsonObject } from "../../../json/types.js";
import { formatJsonPath } from "../../../loaders/schema-check.js";
import { firstDifference } from "../../../engine/data-checks/byte-compare.js";
import { type AddFinding, displayPath, readBytesOrReport, readJsonOrReport, reporter } from "../../../engine/data-checks/findings.js";
import { isDir } from "../../../loaders/files.js";
import type { Check, ValidationContext } from "../../../engine/data-checks/types.js";
import { TAU2_UPSTREAM_FOLDER } from "../../../loaders/upstream-sources.js";

const VERBATIM = ["split_tasks.json", "main_policy.md", "tech_support_manual.md", "tech_support_workflow.md"] as const;

function compareVerbatim(ctx: ValidationContext, add: AddFinding, mine: string, theirs: string): void {
  const a = readBytesOrReport(mine, add);
  const b = readBytesOrReport(theirs, add);
  if (!a || !b) return;
  const diff = firstDifference(a, b);
  if (diff) add({ severity: "error", file: mine, message: `differs from ${displayPath(ctx, theirs)} (first difference at line ${diff.line}, column ${diff.column})` });
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((v) => typeof v === "string") ? value : undefined;
}

function compareTaskSet(add: AddFinding, dir: string, upstream: string): void {
  const splitFile = join(upstream, "split_tasks.json");
  const split = readJsonOrReport(splitFile, add);
  const voice = readJsonOrReport(join(dir, "tasks_voice.json"), add);
  const tasks = readJsonOrReport(join(dir, "tasks.json"), add);
  if (!isJsonObject(split) || !isJsonObject(voice) || !Array.isArray(tasks)) return; // the schema check says why
  const base = stringList(split["base"]);
  const full = new Set(stringList(split["full"]) ?? []);
  if (!base) return add({ severity: "error", file: splitFile, path: "base", message: "expected the base split (a list of task ids)" });
  const voiceIds = new Set(isJsonObject(voice["configs"]) ? Object.keys(voice["configs"]) : []);
  const baseIds = new Set(base);
  const wanted = new Set(base.filter((id) => voiceIds.has(id)));
  const tasksFile = join(dir, "tasks.json");
  const have = new Set<string>();
  tasks.forEach((t, i) => {
    const id = isJsonObject(t) ? t["id"] : undefined;
    if (typeof id !== "string") return;
    have.add(id);
    if (wanted.has(id)) return;
    const why = !full.has(id) ? "not an upstream task id" : !baseIds.has(id) ? "not in the upstream base split" : "not in tasks_voice.json";
    add({ severity: "error", file: tasksFile, path: `[${i}].id`, message: `task ${JSON.stringify(id)} is ${why}` });
  });
  for (const id of wanted) {
    if (!have.has(id)) add({ severity: "error", file: tasksFile, message: `no task for base-split voice id ${JSON.stringify(id)}` });
  }
  for (const id of voiceIds) {
    if (!baseIds.has(id)) add({ severity: "error", file: join(dir, "tasks_voice.json"), path: formatJsonPath(["configs", id]), message: "not in the upstream base split" });
  }
}

export const telecomUpstreamCheck: Check = {
  name: "telecom-upstream",
  run(ctx) {
    const { findings, add } = reporter("telecom-upstream", ctx);
    const upstream = join(ctx.upstreamDir, TAU2_UPSTREAM_FOLDER, "telecom");
    if (!isDir(upstream)) {
      add({ severity: "error", file: upstream, message: "upstream telecom copy not found (see --upstream)" });
      return findings;
    }
    const dir = join(ctx.dataRoot, "tau2_telecom");
    for (const name of VERBATIM) compareVerbatim(ctx, add, join(dir, name), join(upstream, name));
    compareTaskSet(add, dir, upstream);
    return findings;
  },
};
