/**
 * `evalsim diagnose` on a failed 442-scenario run: every scenario's gold
 * calls with one mutation chosen by tool kind (by the scenario's place in the
 * catalog: drop the last write, make the last write first, or give the last
 * write another value its tool accepts: an enum option, a boolean, a number),
 * replayed by `--agent replay`, then every failed trial diagnosed from the run
 * folder (transcripts read, the expected DB replayed, the counterfactual
 * completions run). The run itself is set-up, not measured.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../../src/cli/main.js";
import type { CliIo } from "../../src/cli/io.js";
import { registry } from "../../src/domains/index.js";
import type { CatalogEntry } from "../../src/engine/catalog.js";
import { loadCatalog } from "../../src/engine/catalog.js";
import { findTool } from "../../src/engine/toolbox.js";
import type { ToolCall } from "../../src/engine/types.js";
import type { JsonObject } from "../../src/json/types.js";
import { isJsonObject } from "../../src/json/types.js";
import { diagnoseRun } from "../../src/results/diagnose-run.js";
import { premiseHolds } from "../../src/diagnosis/premise.js";
import { readRunFolder } from "../../src/results/read-run.js";
import type { BenchContext } from "../lib/context.js";
import { timeTask, timing } from "../lib/measure.js";
import type { Row } from "../lib/report.js";

/** Budget: the whole analysis of a 442-scenario run in a few seconds. */
export const DIAGNOSE_RUN_MS = 5000;

const isWrite = (e: CatalogEntry, c: ToolCall): boolean => findTool(e.domain, c.side ?? "agent", c.name, "records")?.kind === "write";

/** One mutation of a scenario's gold calls, chosen by its index; undefined when it has no write to mutate. */
export function mutated(e: CatalogEntry, index: number): ToolCall[] | undefined {
  const gold = [...e.scenario.goldCalls()];
  const writes = gold.flatMap((c, i) => (isWrite(e, c) ? [i] : []));
  const last = writes[writes.length - 1];
  if (last === undefined) return undefined;
  const call = gold[last] as ToolCall;
  switch (index % 3) {
    case 0:
      return gold.filter((_, i) => i !== last);
    case 1: {
      const first = writes[0] as number;
      const rest = gold.filter((_, i) => i !== last);
      return [...rest.slice(0, first), call, ...rest.slice(first)];
    }
    default: {
      // A value the tool accepts but the gold did not give: another enum option, the other boolean, the next number.
      const args = isJsonObject(call.arguments) ? call.arguments : {};
      const shape = (findTool(e.domain, call.side ?? "agent", call.name, "records")?.args as { shape?: Record<string, { options?: unknown }> } | undefined)?.shape ?? {};
      for (const [key, value] of Object.entries(args)) {
        const options = Array.isArray(shape[key]?.options) ? (shape[key]?.options as unknown[]) : [];
        const other = options.find((o) => o !== value) ?? (typeof value === "boolean" ? !value : typeof value === "number" ? value + 1 : undefined);
        if (other !== undefined) return gold.map((c, i) => (i === last ? { ...c, arguments: { ...args, [key]: other } as JsonObject } : c));
      }
      return gold.filter((_, i) => i !== last);
    }
  }
}

async function evalsim(argv: readonly string[]): Promise<number> {
  const io: CliIo = { out: () => {}, err: (t) => void process.stderr.write(t), env: {}, isTty: false, readStdin: () => "", now: () => new Date(Date.UTC(2030, 0, 2, 3, 4, 5)) };
  return main(argv, io);
}

export async function diagnosisSection(ctx: BenchContext): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), "evalsim-bench-diagnose-"));
  try {
    const catalog = loadCatalog(registry, {});
    const calls = join(dir, "calls");
    mkdirSync(calls);
    catalog.entries.forEach((e, i) => writeFileSync(join(calls, `${e.scenario.name}.json`), JSON.stringify(mutated(e, i) ?? e.scenario.goldCalls())));
    const out = join(dir, "out");
    const code = await evalsim(["run", "--agent", "replay", "--calls", calls, "--out", out, "--workers", "2"]);
    if (code !== 1) throw new Error(`the mutated run exited ${code}, expected 1 (some trials failed)`);
    const run = readRunFolder(out);
    const failed = run.records.filter((r) => r.status === "failed").length;
    let kinds = "";
    const t = await timeTask(
      "diagnose",
      () => {
        const d = diagnoseRun(readRunFolder(out), catalog);
        kinds = Object.entries(d.failure_kinds).map(([k, v]) => `${v.count} ${k}`).join(", ");
        return d;
      },
      { iterations: ctx.quick ? 2 : 5, warmupIterations: 1, timeMs: 0 },
    );
    const premise = catalog.entries.filter((e) => !premiseHolds(e)).map((e) => e.scenario.name);
    return [
      {
        section: "diagnosis",
        name: `evalsim diagnose, in process: ${run.records.length} trials, ${failed} failed`,
        ...timing(t),
        targetMs: DIAGNOSE_RUN_MS,
        note: `oracle-mutated run (drop / reorder / another accepted value in the last write); ${kinds}; gold completes to a pass from every point in ${catalog.entries.length - premise.length} of ${catalog.entries.length} scenarios${premise.length > 0 ? ` (not: ${premise.slice(0, 5).join(", ")})` : ""}`,
        extra: { trials: run.records.length, failed, perFailedTrialMs: t.medianMs / Math.max(1, failed), premiseFailures: premise.length },
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
