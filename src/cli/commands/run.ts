import { existsSync, mkdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { selectScenarios } from "../../engine/catalog.js";
import { writeFileAtomic } from "../../json/atomic-write.js";
import { parsePythonJson } from "../../json/parse.js";
import { toJsonText } from "../../json/stringify.js";
import type { JsonObject, JsonValue } from "../../json/types.js";
import type { AgentKind, UserKind } from "../../run/bots.js";
import type { BotSpec } from "../../run/bot-spec.js";
import { executeJobs } from "../../run/execute-jobs.js";
import { PoolError } from "../../run/worker-pool.js";
import { CallsFileError } from "../../replay/calls-file.js";
import { loadRecordings } from "../../run/recorded-calls.js";
import type { Job } from "../../run/jobs.js";
import { parseShard, planJobs } from "../../run/jobs.js";
import { clearPartials, collectMetrics, RUN_CONFIG_FILE, splitFinished, writeRunFiles } from "../../run/run-suite.js";
import { readFileSync } from "node:fs";
import { COMMON, LIMITS, parse, parseDate, parseIntFlag, splitScenarioArgs } from "../args.js";
import { catalogFor } from "../context.js";
import { checkLlmFlags } from "../llm-flags.js";
import type { Command, CommandContext } from "../command.js";
import { EXIT, UsageError } from "../io.js";
import { createProgress } from "../progress.js";
import { ciOutputsOf, CI_OUTPUT_OPTIONS, finishRun } from "../results-output.js";
import { CHANNEL_NAMES } from "../../engine/channel/profile.js";

export const RUN_HELP = `evalsim run [--domain D] [--scenarios N...] [--agent oracle|llm|replay] [--calls DIR_OR_FILE] [--user scripted|llm]
            [--agent-config F] [--user-config F] [--judge-config F] [--cassettes DIR] [--cassette-mode off|record|replay|auto]
            [--trials K] [--seed S] [--workers N] [--shard i/n] [--out DIR] [--resume DIR]
            [--min-agent-turns N] [--today YYYY-MM-DD] [--strict-match] [--channel NAME] [--gate voice_readability]
            [--junit FILE] [--markdown FILE] [--json]
  Simulate every selected scenario in text mode and score it like the voice harness.
  Writes <out>/eval_<timestamp>/ (or continues --resume DIR): one folder per scenario, written
  atomically, plus all_metrics.json, summary.json and all_summary.txt. Exit 1 if any scenario
  failed or errored. --workers N runs scenarios on N threads, this one included (default:
  one per core), with the same results as --workers 1. --agent replay re-issues recorded calls: --calls is a
  folder of <scenario>.json files (any format evalsim replay reads), an earlier run folder,
  or one file when one scenario is selected. --shard i/n runs every n-th scenario;
  combine shard folders with evalsim merge. Ends with each failed or errored scenario and its
  reason; --junit FILE writes JUnit XML, --markdown FILE a summary table. --channel puts a seeded voice channel between the bots
  (clean, light, regular or a tasks_voice config name: ${CHANNEL_NAMES.join(", ")}); --gate
  voice_readability makes the voice-readability signal gate success.`;

const pad2 = (n: number): string => String(n).padStart(2, "0");
function stamp(d: Date): string {
  return `${d.getUTCFullYear()}${pad2(d.getUTCMonth() + 1)}${pad2(d.getUTCDate())}_${pad2(d.getUTCHours())}${pad2(d.getUTCMinutes())}${pad2(d.getUTCSeconds())}`;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], flag: string, fallback: T): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`${flag} must be one of ${allowed.join(", ")}, got '${value}'`);
  return value as T;
}

/** `--calls`: every planned job needs a recording; the missing ones are listed. */
function recordingsFor(source: string, jobs: readonly Job[]): BotSpec["recorded"] {
  let loaded;
  try {
    loaded = loadRecordings(source, jobs);
  } catch (e) {
    if (e instanceof CallsFileError) throw new UsageError(`--calls ${e.message}`);
    throw e;
  }
  if (loaded.missing.length > 0) throw new UsageError(`--calls ${source}: no recorded calls for ${loaded.missing.length} scenario(s): ${loaded.missing.join(", ")}`);
  return loaded.recorded;
}

export async function runCommand(argv: readonly string[], ctx: CommandContext): Promise<number> {
  const { io, registry } = ctx;
  const { rest, scenarios } = splitScenarioArgs(argv);
  const { values } = parse(
    rest,
    {
      ...COMMON,
      domain: { type: "string" },
      agent: { type: "string" },
      calls: { type: "string" },
      user: { type: "string" },
      "agent-config": { type: "string" },
      "user-config": { type: "string" },
      "judge-config": { type: "string" },
      cassettes: { type: "string" },
      "cassette-mode": { type: "string" },
      trials: { type: "string" },
      seed: { type: "string" },
      workers: { type: "string" },
      shard: { type: "string" },
      out: { type: "string" },
      resume: { type: "string" },
      "min-agent-turns": { type: "string" },
      today: { type: "string" },
      "strict-match": { type: "boolean" },
      ...CI_OUTPUT_OPTIONS,
      channel: { type: "string" },
      gate: { type: "string", multiple: true },
    },
    false,
  );
  const str = (k: string): string | undefined => values[k] as string | undefined;
  const agent = oneOf<AgentKind>(str("agent"), ["oracle", "llm", "replay"], "--agent", "oracle");
  const user = oneOf<UserKind>(str("user"), ["scripted", "llm"], "--user", "scripted");
  const trials = parseIntFlag(str("trials"), "--trials", 1, LIMITS.trials) ?? 1;
  const seed = parseIntFlag(str("seed"), "--seed", 0) ?? 0;
  const workers = parseIntFlag(str("workers"), "--workers", 1, LIMITS.workers) ?? availableParallelism();
  const minAgentTurns = parseIntFlag(str("min-agent-turns"), "--min-agent-turns", 0) ?? 3;
  const today = parseDate(str("today"), "--today");
  const shardText = str("shard");
  const shard = shardText === undefined ? undefined : parseShard(shardText);
  if (shardText !== undefined && !shard) throw new UsageError(`--shard expects i/n with 1 <= i <= n, got '${shardText}'`);
  checkLlmFlags({ agent, user, agentConfig: str("agent-config"), userConfig: str("user-config"), judgeConfig: str("judge-config"), cassettes: str("cassettes"), cassetteMode: str("cassette-mode") }, io.env);
  const channel = oneOf<string>(str("channel"), CHANNEL_NAMES, "--channel", "clean");
  const gates = (values["gate"] as string[] | undefined) ?? [];
  for (const g of gates) if (g !== "voice_readability") throw new UsageError(`--gate must be voice_readability, got '${g}'`);
  const gateReadability = gates.length > 0;
  const callsSource = str("calls");
  if ((agent === "replay") !== (callsSource !== undefined)) throw new UsageError(agent === "replay" ? "--agent replay needs --calls DIR_OR_FILE" : "--calls is used only with --agent replay");
  const domain = str("domain");
  const catalog = catalogFor(registry, io, ctx.dataRoot, { domain, scenarios });
  const entries = selectScenarios(catalog, { domain, scenarios });
  const recorded = callsSource === undefined ? undefined : recordingsFor(callsSource, planJobs(entries, trials, shard));

  const config: JsonObject = {
    domain: domain ?? null,
    scenarios: scenarios ?? null,
    agent,
    user,
    trials,
    seed,
    min_agent_turns: minAgentTurns,
    today: today ?? null,
    strict_match: values["strict-match"] === true,
    channel,
    gates: gateReadability ? ["voice_readability"] : [],
    ...(shard ? { shard: `${shard.index}/${shard.count}` } : {}),
  };
  const resume = str("resume");
  let runDir: string;
  if (resume) {
    runDir = resolve(resume);
    if (!existsSync(runDir)) throw new UsageError(`--resume ${resume}: no such run folder`);
    const cfgFile = join(runDir, RUN_CONFIG_FILE);
    if (existsSync(cfgFile)) {
      const previous = parsePythonJson(readFileSync(cfgFile, "utf8"));
      if (toJsonText(previous) !== toJsonText(config)) io.err(`warning: --resume ${resume}: options differ from the original run (${toJsonText(previous)})\n`);
    }
    clearPartials(runDir);
  } else {
    runDir = resolve(str("out") ?? "eval_results", `eval_${stamp(io.now())}`);
    mkdirSync(runDir, { recursive: true });
  }
  writeFileAtomic(join(runDir, RUN_CONFIG_FILE), toJsonText(config, 2) + "\n");

  const jobs = planJobs(entries, trials, shard);
  const { todo } = splitFinished(runDir, jobs, trials);
  const progress = createProgress(todo.length, (s) => io.err(s), io.isTty && !values["json"], () => io.now().getTime());
  const abs = (k: string): string | undefined => (str(k) === undefined ? undefined : resolve(str(k) as string));
  const bots: BotSpec = { agent, user, recorded, agentConfig: abs("agent-config"), userConfig: abs("user-config"), judgeConfig: abs("judge-config"), cassettes: abs("cassettes"), cassetteMode: str("cassette-mode") };
  let workerWarned = false;
  try {
    await executeJobs(todo, {
      workers,
      bots,
      dataRoot: { flag: ctx.dataRoot, env: io.env["EVAL_DATA_ROOT"] },
      runDir,
      trials,
      seed,
      today,
      minAgentTurns,
      strictMatch: values["strict-match"] === true,
      channel,
      gateReadability,
      onDone: (_job, status) => progress.tick(status === "passed"),
      onWorkerStartFailure: (reason) => {
        if (workerWarned) return;
        workerWarned = true;
        io.err(`warning: a worker thread could not start (${reason}); its scenarios run on the other threads\n`);
      },
    });
  } catch (e) {
    if (!(e instanceof PoolError)) throw e;
    progress.finish();
    io.err(`evalsim run: ${e.message}\nFinished scenarios are kept; continue with --resume ${runDir}\n`);
    return EXIT.failed;
  }
  progress.finish();
  const report = writeRunFiles(runDir, collectMetrics(runDir, jobs, trials), trials);
  if (values["json"]) io.out(toJsonText({ ...report, run_dir: runDir } as unknown as JsonValue, 2) + "\n");
  else io.out(`${runDir}\n${readFileSync(join(runDir, "all_summary.txt"), "utf8")}`);
  finishRun(runDir, ciOutputsOf(values), values["json"] ? undefined : (t) => io.out(t), "evalsim run");
  return report.totals.failed + report.totals.errored > 0 ? EXIT.failed : EXIT.ok;
}

export const command: Command = {
  name: "run",
  summary: "simulate and score scenarios (oracle, LLM or recorded agent)",
  help: RUN_HELP,
  run: runCommand,
};
