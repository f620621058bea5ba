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
 * request; and the process's peak RSS. What one more model turn costs is
 * measured on its own too: pairs of runs at 256, every agent looking up once
 * and MARGINAL_LOOKUPS times, the extra CPU over the extra requests (each a
 * model turn: the request, a tool call, its dispatch and its result going
 * back), the median over MARGINAL_PAIRS pairs.
 *
 * Each row also gives the CPU floor of its wall time: evalsim's CPU plus the
 * fake endpoint's (it shares the machine), over the cores. A run whose floor
 * is above its bound is CPU-bound on this machine, whatever the scheduling.
 *
 * Concurrency 1 takes (requests × L), about six minutes at L = 200 ms; it is
 * measured on a tenth of the scenarios (`--shard 1/10`) unless `--full-serial`
 * is asked for, and the row says so.
 */
import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
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
/** Lookups per agent conversation in the run that measures one more turn (the others make one). */
export const MARGINAL_LOOKUPS = 5;
/** Pairs of runs the one-more-turn figure is the median of. */
export const MARGINAL_PAIRS = 3;

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

export async function startFake(latencyMs: number): Promise<{ child: ChildProcess; port: number }> {
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
  // EVALSIM_BENCH_OUT puts the run folders elsewhere (a tmpfs): on ext4, creating the runs' 5,000 files
  // costs system time that depends on how many files the disk saw deleted lately.
  const dir = mkdtempSync(join(process.env["EVALSIM_BENCH_OUT"] ?? tmpdir(), "evalsim-bench-llm-"));
  const fake = await startFake(L);
  type Stats = { requests: number; maxInFlight: number; firstAt: number | null; cpuMs: number };
  const stats = async (path: string): Promise<Stats> => (await (await fetch(`http://127.0.0.1:${fake.port}${path}`)).json()) as Stats;
  const cores = availableParallelism();
  const config = join(dir, "agent.yaml");
  writeFileSync(config, `base_url: http://127.0.0.1:${fake.port}/v1\nmodel: bench-fake\ntemperature: 0\nretries: 0\ntimeout_seconds: 120\nmax_connections: 1024\n`);
  const rows: Row[] = [];
  let k = 0;
  const run = async (
    label: string,
    extra: readonly string[],
    agent: readonly string[] = ["--agent", "llm", "--agent-config", config],
    lookups = 1,
  ): Promise<{ spawned: Spawned; shape: RunShape; maxInFlight: number; startupMs: number; endpointCpuMs: number }> => {
    await stats(`/reset?lookups=${lookups}`);
    const out = join(dir, `out-${k++}`);
    const args = ["bin/evalsim", "run", ...agent, "--user", "scripted", ...(extra.includes("--workers") ? [] : ["--workers", "1"]), ...extra, "--out", out];
    const spawned = spawnTimed(args, dir, k);
    if (spawned.status !== 0 && spawned.status !== 1) throw new Error(`${label} exited ${spawned.status}: ${spawned.stderr.slice(-2000)}`);
    const shape = shapeOf(out);
    const seen = await stats("/stats");
    if (seen.requests !== shape.requests) throw new Error(`${label}: the endpoint answered ${seen.requests} requests, the run recorded ${shape.requests}`);
    rmSync(out, { recursive: true, force: true });
    return { spawned, shape, maxInFlight: seen.maxInFlight, startupMs: seen.firstAt === null ? 0 : seen.firstAt - spawned.startEpochMs, endpointCpuMs: seen.cpuMs };
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
      const floorMs = (spawned.cpuMs + r.endpointCpuMs) / cores;
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
          `CPU floor (evalsim ${spawned.cpuMs.toFixed(0)} ms + endpoint ${r.endpointCpuMs.toFixed(0)} ms) / ${cores} cores = ${floorMs.toFixed(0)} ms; ` +
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
          endpointCpuMs: Math.round(r.endpointCpuMs),
          cpuFloorMs: Math.round(floorMs),
          noopCpuMs: Math.round(noop.cpuMs),
          cpuPerTurnMs: Number(cpuPerTurn.toFixed(3)),
          cpuPerTurnAllMs: Number(cpuPerTurnAll.toFixed(3)),
          subset,
        },
      });
    }
    // One more turn: pairs of runs at 256, one lookup per conversation and MARGINAL_LOOKUPS, taken in turn
    // so that drift in the machine's speed falls on both; nothing per scenario differs within a pair.
    const pairs = ctx.quick ? 1 : MARGINAL_PAIRS;
    const perTurn: number[] = [];
    let last: { requests: number; extra: number; cpuA: number; cpuB: number; wallB: number; rssB: number } | undefined;
    for (let i = 0; i < pairs; i++) {
      const a = await run("--max-concurrency 256 (pair)", ["--max-concurrency", "256"]);
      const b = await run(`--max-concurrency 256, ${MARGINAL_LOOKUPS} lookups`, ["--max-concurrency", "256"], undefined, MARGINAL_LOOKUPS);
      const extra = b.shape.requests - a.shape.requests;
      perTurn.push((b.spawned.cpuMs - a.spawned.cpuMs) / Math.max(1, extra));
      last = { requests: b.shape.requests, extra, cpuA: a.spawned.cpuMs, cpuB: b.spawned.cpuMs, wallB: b.spawned.wallMs, rssB: b.spawned.peakRssMb };
    }
    if (last) {
      const sorted = [...perTurn].sort((x, y) => x - y);
      const mid = sorted[Math.floor(sorted.length / 2)] ?? 0;
      rows.push({
        section: "llm",
        name: `one more model turn: --max-concurrency 256 --workers 1, ${MARGINAL_LOOKUPS} lookups per conversation against 1`,
        medianMs: last.wallB,
        samples: pairs,
        cpuMs: last.cpuB,
        peakRssMb: last.rssB,
        note:
          `${last.requests} requests, ${last.extra} more than with one lookup; CPU per extra turn over ${pairs} pair(s): median ${mid.toFixed(2)} ms ` +
          `(${sorted.map((x) => x.toFixed(2)).join(", ")}) (${mid <= LLM_CPU_PER_TURN_MS ? "ok" : "OVER"}); last pair ${last.cpuB.toFixed(0)} ms against ${last.cpuA.toFixed(0)} ms`,
        extra: { requests: last.requests, extraRequests: last.extra, cpuPerExtraTurnMs: Number(mid.toFixed(3)), cpuPerExtraTurnSamplesMs: perTurn.map((x) => x.toFixed(3)).join(" ") },
      });
    }
  } finally {
    fake.child.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
