/**
 * Integral floats at scale, N = 10,000 and 100,000 `1.0` in one JSON array:
 *
 * - in this process, timed per operation: the hash (parse + `dbHash`), and
 *   one model reply carrying them in a tool call's arguments (the chat
 *   client reading and redacting the body, the arguments parsed as the agent
 *   bot plans the call, and their `json.dumps` for the model's context);
 *   the 100,000 row gives its time over the 10,000 row's (linear: about 10);
 * - as whole processes, for time and peak RSS: `evalsim hash` of such a
 *   file, and one LLM-backed scenario whose model reply carries them (the
 *   fake endpoint, L = 0), each beside a baseline with none; the 100,000
 *   row compares its CPU over the baseline with ten times the 10,000 row's.
 * Python keeps `1.0` apart from `1` and so must evalsim (src/json/py-float.ts);
 * a map copied per mark once made this quadratic (100,000: minutes).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parsePythonJson } from "../../src/json/parse.js";
import { planReply } from "../../src/engine/bots/llm-tool-calls.js";
import { argumentsText } from "../../src/engine/bots/llm-context.js";
import { createChatClient } from "../../src/llm/client.js";
import { parseLlmConfig } from "../../src/llm/config.js";
import { dbHash } from "../../src/hash/db/index.js";
import { ensureBuilt } from "../lib/build.js";
import { timeTask, timing } from "../lib/measure.js";
import type { BenchContext } from "../lib/context.js";
import type { Row } from "../lib/report.js";
import type { Spawned } from "../lib/spawn.js";
import { spawnedRow, spawnTimed } from "../lib/spawn.js";
import { startFake } from "./llm-scale.js";

export const FLOAT_COUNTS = [10_000, 100_000] as const;
const SCENARIO = "eva_airline__voluntary_date_change";

const floatArray = (n: number, sep = ", "): string => `[${Array.from({ length: n }, () => "1.0").join(sep)}]`;

/** One reply through the chat client and the agent bot's planning of its call, n floats in the arguments. */
async function oneReply(n: number): Promise<number> {
  const args = `{"values": ${floatArray(n)}}`;
  const body = JSON.stringify({ choices: [{ index: 0, message: { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "T", arguments: args } }] } }] });
  const config = parseLlmConfig({ base_url: "http://bench.invalid/v1", model: "m", retries: 0, api_key_env: "BENCH_KEY", max_reply_bytes: 16_000_000 }, "bench");
  const client = createChatClient(config, { env: { BENCH_KEY: "sk-bench-key-0123456789" }, fetch: () => Promise.resolve({ status: 200, text: () => Promise.resolve(body) }) });
  const reply = await client.complete({ messages: [{ role: "user", content: "Hi" }] });
  const planned = planReply((reply.toolCalls ?? []).map((c) => ({ name: c.function.name, arguments: c.function.arguments, modelId: c.id })));
  const call = planned.run[0]?.call;
  if (!call) throw new Error("the reply's call was not planned");
  return argumentsText(call).length;
}

async function inProcessRows(ctx: BenchContext): Promise<Row[]> {
  const opts = { timeMs: ctx.quick ? 200 : 1000, iterations: ctx.quick ? 3 : 10 };
  const rows: Row[] = [];
  const cases: readonly (readonly [string, (n: number) => () => unknown])[] = [
    [
      "hash (parse + dbHash)",
      (n) => {
        const text = floatArray(n);
        return () => dbHash({ values: parsePythonJson(text) });
      },
    ],
    ["one reply (client + call planning + json.dumps)", (n) => () => oneReply(n)],
  ];
  for (const [kind, make] of cases) {
    const small = await timeTask(`${kind} 10k`, make(FLOAT_COUNTS[0]), opts);
    const big = await timeTask(`${kind} 100k`, make(FLOAT_COUNTS[1]), opts);
    const ratio = big.medianMs / small.medianMs;
    rows.push({ section: "floats", name: `in process, ${kind}: 10,000 integral floats`, ...timing(small) });
    rows.push({
      section: "floats",
      name: `in process, ${kind}: 100,000 integral floats`,
      ...timing(big),
      note: `${ratio.toFixed(1)} x the 10,000 row (linear: about 10, quadratic: about 100)`,
      extra: { vsTenThousand: Number(ratio.toFixed(2)) },
    });
  }
  return rows;
}

export async function floatsSection(ctx: BenchContext): Promise<Row[]> {
  const rows: Row[] = await inProcessRows(ctx);
  const failure = ensureBuilt(ctx);
  if (failure) return [...rows, { section: "floats", name: "integral floats, whole processes", medianMs: null, note: failure }];
  const dir = mkdtempSync(join(tmpdir(), "evalsim-bench-floats-"));
  const repeats = ctx.quick ? 1 : 3;
  let k = 0;
  const times = (args: readonly string[]): Spawned[] =>
    Array.from({ length: repeats }, () => {
      const s = spawnTimed(args, dir, k++);
      if (s.status !== 0) throw new Error(`${args.join(" ")} exited ${s.status}: ${s.stderr.slice(-2000)}`);
      return s;
    });
  // CPU, not wall: on a shared host the wall time of a process moves by seconds with the load.
  const med = (runs: readonly Spawned[]): number => [...runs.map((r) => r.cpuMs)].sort((a, b) => a - b)[runs.length >> 1] as number;
  const fake = await startFake(0);
  try {
    // hash: a bare `node bin/evalsim hash` of an empty array is the baseline.
    const hashOf = (n: number): Spawned[] => {
      const file = join(dir, `floats-${n}.json`);
      writeFileSync(file, floatArray(n));
      return times(["bin/evalsim", "hash", file]);
    };
    const hash0 = hashOf(0);
    const hashRuns = new Map(FLOAT_COUNTS.map((n) => [n, hashOf(n)]));
    // One reply: one scenario, the lookup's arguments carrying n floats.
    const config = join(dir, "agent.yaml");
    writeFileSync(config, `base_url: http://127.0.0.1:${fake.port}/v1\nmodel: bench-fake\nretries: 0\ntimeout_seconds: 120\n`);
    const replyOf = async (n: number): Promise<Spawned[]> => {
      await fetch(`http://127.0.0.1:${fake.port}/reset?floats=${n}`);
      const out = join(dir, `out-${n}`);
      const runs = Array.from({ length: repeats }, (_, i) => {
        const s = spawnTimed(["bin/evalsim", "run", "--agent", "llm", "--agent-config", config, "--user", "scripted", "--scenarios", SCENARIO, "--out", join(out, String(i))], dir, k++);
        if (s.status !== 0 && s.status !== 1) throw new Error(`run with ${n} floats exited ${s.status}: ${s.stderr.slice(-2000)}`);
        const [run] = readdirSync(join(out, String(i)));
        const metrics = JSON.parse(readFileSync(join(out, String(i), run ?? "", "all_metrics.json"), "utf8")) as { status?: string }[];
        if (metrics[0]?.status === "errored") throw new Error(`run with ${n} floats: the scenario errored`);
        return s;
      });
      rmSync(out, { recursive: true, force: true });
      return runs;
    };
    const reply0 = await replyOf(0);
    const replyRuns = new Map<number, Spawned[]>();
    for (const n of FLOAT_COUNTS) replyRuns.set(n, await replyOf(n));

    const push = (kind: string, base: Spawned[], runs: Map<number, Spawned[]>, baseName: string): void => {
      rows.push(spawnedRow("floats", `${kind}: ${baseName}`, base, { note: "baseline" }));
      const [small, big] = FLOAT_COUNTS.map((n) => runs.get(n) as Spawned[]) as [Spawned[], Spawned[]];
      const over = (r: Spawned[]): number => Math.max(1, med(r) - med(base));
      const ratio = over(big) / (10 * over(small));
      for (const n of FLOAT_COUNTS) {
        const r = runs.get(n) as Spawned[];
        rows.push(
          spawnedRow("floats", `${kind}: ${n.toLocaleString("en")} integral floats`, r, {
            note:
              `${(med(r) - med(base)).toFixed(0)} ms of CPU over the baseline` +
              (n === FLOAT_COUNTS[1] ? `; / (10 x the 10,000 row's) = ${ratio.toFixed(2)} (linear: about 1, quadratic: about 10)` : ""),
            extra: { floats: n, cpuOverBaselineMs: Math.round(med(r) - med(base)), ...(n === FLOAT_COUNTS[1] ? { linearityRatio: Number(ratio.toFixed(2)) } : {}) },
          }),
        );
      }
    };
    push("evalsim hash of [1.0, ...]", hash0, hashRuns, "evalsim hash of []");
    push(`one reply (${SCENARIO}, --agent llm)`, reply0, replyRuns, "no floats in the reply");
  } finally {
    fake.child.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
