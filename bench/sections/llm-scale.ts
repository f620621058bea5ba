/**
 * LLM-backed runs at scale: every scenario with `--agent llm --user scripted`
 * against the loopback fake endpoint (bench/children/fake-openai.ts, fixed
 * latency L per reply), at several `--max-concurrency`. Each row reports wall
 * time beside the two bounds no scheduler can beat: the critical path (the
 * scenario with the most sequential model requests × L) and the throughput
 * bound (all requests × L / concurrency), and the run's own start-up (from
 * the spawn to the endpoint's first request). Also evalsim's own CPU per LLM
 * turn, two ways: what a turn adds (the run's CPU less that of the same
 * scenarios played by the do-nothing agent, which does every per-scenario
 * step — start-up, gold replay, scoring, files — without a model), and
 * everything after start-up (the run's CPU less a one-scenario run's), per
 * request; and the process's peak RSS.
 *
 * Concurrency 1 takes (requests × L), about six minutes at L = 200 ms; it is
 * measured on a tenth of the scenarios (`--shard 1/10`) unless `--full-serial`
 * is asked for, and the row says so.
 */
import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureBuilt } from "../lib/build.js";
import type { BenchContext } from "../lib/context.js";
import type { Row } from "../lib/report.js";
import type { Spawned } from "../lib/spawn.js";
import { PROJECT, spawnTimed } from "../lib/spawn.js";

export const LLM_LATENCY_MS = 200;
export const LLM_CONCURRENCIES = [1, 16, 64, 256] as const;
/** Targets: wall at 256 within 1.3 × bound + start-up; CPU per LLM turn; peak RSS. */
export const LLM_WALL_FACTOR = 1.3;
export const LLM_CPU_PER_TURN_MS = 1;
export const LLM_PEAK_RSS_MB = 600;

interface RunShape {
  readonly scenarios: number;
  /** Agent requests in all (one per LLM turn). */
  readonly requests: number;
  /** The most agent requests of any one scenario (they are sequential). */
  readonly longest: number;
  readonly errored: number;
}

function shapeOf(out: string): RunShape {
  const [run] = readdirSync(out);
  const all = JSON.parse(readFileSync(join(out, run ?? "", "all_metrics.json"), "utf8")) as { status?: string; token_usage?: { agent?: { requests?: number } } }[];
  const counts = all.map((m) => m.token_usage?.agent?.requests ?? 0);
  return { scenarios: all.length, requests: counts.reduce((a, b) => a + b, 0), longest: Math.max(0, ...counts), errored: all.filter((m) => m.status === "errored").length };
}

async function startFake(latencyMs: number): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/children/fake-openai.ts", String(latencyMs)], { cwd: PROJECT, stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    let text = "";
    child.stdout?.setEncoding("utf8");
    child.stdout?.on("data", (c: string) => {
      text += c;
      const line = text.split("\n")[0];
      if (text.includes("\n") && line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.on("exit", (code) => reject(new Error(`fake endpoint exited ${code}`)));
  });
  return { child, port };
}

export async function llmScaleSection(ctx: BenchContext): Promise<Row[]> {
  const failure = ensureBuilt(ctx);
  if (failure) return [{ section: "llm", name: "evalsim run --agent llm --user scripted", medianMs: null, note: failure }];
  const L = LLM_LATENCY_MS;
  const dir = mkdtempSync(join(tmpdir(), "evalsim-bench-llm-"));
  const fake = await startFake(L);
  const stats = async (path: string): Promise<{ requests: number; maxInFlight: number; firstAt: number | null }> =>
    (await (await fetch(`http://127.0.0.1:${fake.port}${path}`)).json()) as { requests: number; maxInFlight: number; firstAt: number | null };
  const config = join(dir, "agent.yaml");
  writeFileSync(config, `base_url: http://127.0.0.1:${fake.port}/v1\nmodel: bench-fake\ntemperature: 0\nretries: 0\ntimeout_seconds: 120\nmax_connections: 1024\n`);
  const rows: Row[] = [];
  let k = 0;
  const run = async (label: string, extra: readonly string[], agent: readonly string[] = ["--agent", "llm", "--agent-config", config]): Promise<{ spawned: Spawned; shape: RunShape; maxInFlight: number; startupMs: number }> => {
    await stats("/reset");
    const out = join(dir, `out-${k++}`);
    const args = ["bin/evalsim", "run", ...agent, "--user", "scripted", ...(extra.includes("--workers") ? [] : ["--workers", "1"]), ...extra, "--out", out];
    const spawned = spawnTimed(args, dir, k);
    if (spawned.status !== 0 && spawned.status !== 1) throw new Error(`${label} exited ${spawned.status}: ${spawned.stderr.slice(-2000)}`);
    const shape = shapeOf(out);
    const seen = await stats("/stats");
    if (seen.requests !== shape.requests) throw new Error(`${label}: the endpoint answered ${seen.requests} requests, the run recorded ${shape.requests}`);
    rmSync(out, { recursive: true, force: true });
    return { spawned, shape, maxInFlight: seen.maxInFlight, startupMs: seen.firstAt === null ? 0 : seen.firstAt - spawned.startEpochMs };
  };
  // The same scenarios without a model: every per-scenario step, no LLM turn.
  const idle = new Map<string, Spawned>();
  const idleRun = async (shard: readonly string[]): Promise<Spawned> => {
    const key = shard.join(" ");
    let got = idle.get(key);
    if (!got) idle.set(key, (got = (await run(`noop ${key}`, ["--max-concurrency", "256", ...shard], ["--agent", "noop"])).spawned));
    return got;
  };
  try {
    // Start-up: one scenario, one at a time; what is not model latency is evalsim starting and writing.
    const one = await run("one scenario", ["--scenarios", "eva_airline__voluntary_date_change", "--max-concurrency", "1"]);
    const startupMs = one.startupMs;
    rows.push({
      section: "llm",
      name: `start-up: one scenario, L=${L} ms`,
      medianMs: one.spawned.wallMs,
      samples: 1,
      cpuMs: one.spawned.cpuMs,
      peakRssMb: one.spawned.peakRssMb,
      note: `${one.shape.requests} requests; start-up (spawn to first request) ${startupMs.toFixed(0)} ms`,
      extra: { startupMs: Math.round(startupMs), requests: one.shape.requests },
    });
    const rowsFor: { n: number; workers: number }[] = [...LLM_CONCURRENCIES.map((n) => ({ n, workers: 1 })), { n: 256, workers: 2 }];
    for (const { n, workers } of rowsFor) {
      const subset = n === 1 && ctx.fullSerial !== true;
      const shard = subset ? ["--shard", "1/10"] : [];
      const r = await run(`--max-concurrency ${n}`, ["--max-concurrency", String(n), "--workers", String(workers), ...shard]);
      const noop = await idleRun(shard);
      const { shape, spawned } = r;
      const critical = shape.longest * L;
      const throughput = (shape.requests * L) / n;
      const bound = Math.max(critical, throughput);
      const cpuPerTurn = (spawned.cpuMs - noop.cpuMs) / Math.max(1, shape.requests);
      const cpuPerTurnAll = (spawned.cpuMs - one.spawned.cpuMs) / Math.max(1, shape.requests - one.shape.requests);
      const within = spawned.wallMs <= LLM_WALL_FACTOR * bound + r.startupMs;
      rows.push({
        section: "llm",
        name: `--max-concurrency ${n} --workers ${workers}, L=${L} ms${subset ? " (shard 1/10)" : ""}`,
        medianMs: spawned.wallMs,
        samples: 1,
        cpuMs: spawned.cpuMs,
        peakRssMb: spawned.peakRssMb,
        note:
          `${shape.scenarios} scenarios (${shape.errored} errored), ${shape.requests} requests, ${r.maxInFlight} in flight at most; ` +
          `critical path ${shape.longest} x L = ${critical} ms, throughput bound ${throughput.toFixed(0)} ms, start-up (spawn to first request) ${r.startupMs.toFixed(0)} ms; ` +
          `wall ${within ? "within" : "OVER"} ${LLM_WALL_FACTOR} x max(bounds) + start-up; ` +
          `CPU/turn ${cpuPerTurn.toFixed(2)} ms over the do-nothing agent's run (${noop.cpuMs.toFixed(0)} ms CPU) (${cpuPerTurn <= LLM_CPU_PER_TURN_MS ? "ok" : "OVER"}), ` +
          `${cpuPerTurnAll.toFixed(2)} ms with every per-scenario step; RSS ${spawned.peakRssMb <= LLM_PEAK_RSS_MB ? "ok" : "OVER"}` +
          (subset ? `; full run extrapolated: ${((spawned.wallMs - r.startupMs) * 10 + r.startupMs).toFixed(0)} ms` : ""),
        extra: {
          concurrency: n,
          workers,
          scenarios: shape.scenarios,
          errored: shape.errored,
          requests: shape.requests,
          maxInFlight: r.maxInFlight,
          longestScenarioRequests: shape.longest,
          criticalPathMs: critical,
          throughputBoundMs: Math.round(throughput),
          startupMs: Math.round(r.startupMs),
          noopCpuMs: Math.round(noop.cpuMs),
          cpuPerTurnMs: Number(cpuPerTurn.toFixed(3)),
          cpuPerTurnAllMs: Number(cpuPerTurnAll.toFixed(3)),
          subset,
        },
      });
    }
  } finally {
    fake.child.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
