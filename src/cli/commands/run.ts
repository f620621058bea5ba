import { toJsonText } from "../../json/stringify.js";
import type { JsonValue } from "../../json/types.js";
import type { AgentKind, UserKind } from "../../run/bots/factory.js";
import { AGENT_KINDS } from "../../run/bots/factory.js";
import { parseShard } from "../../run/jobs.js";
import { resolve } from "node:path";
import { readRunConfigFile } from "../../run/layout.js";
import type { GivenSettings, RunSettings } from "../../run/folder/config.js";
import { trustedPluginModules } from "../../run/folder/trust.js";
import { createRunControl } from "../../run/control.js";
import type { SuiteResult } from "../../run/suite.js";
import { runSuite } from "../../run/suite.js";
import { ShardEnvError, shardFromEnv } from "../../run/shard-env.js";
import { COMMON, LIMITS, parse, parseDate, parseIntFlag, splitScenarioArgs } from "../args.js";
import type { Command, CommandContext } from "../command.js";
import { EXIT, UsageError } from "../io.js";
import { createProgress } from "../progress.js";
import { ciOutputsOf, CI_OUTPUT_OPTIONS, finishRun, outputsLine } from "../results-output.js";
import { runErrorsAsUsage, stoppedExit, summaryText } from "./run-shared.js";
import { withStopSignals } from "./stop-signals.js";
import { CHANNEL_NAMES } from "../../engine/channel/profile.js";

export const RUN_HELP = `evalsim run [--domain D[,D...]] [--scenarios N|GLOB...] [--limit N] [--sample N] [--agent oracle|llm|replay|noop] [--calls DIR_OR_FILE] [--user scripted|llm] [--prompt-pack FILE]
            [--agent-config F] [--user-config F] [--judge-config F] [--cassettes DIR] [--cassette-mode off|record|replay|auto]
            [--trials K] [--seed S] [--workers N] [--max-concurrency N] [--max-endpoint-failures K]
            [--max-turns N] [--max-tool-calls-per-turn N] [--time-budget SECONDS]
            [--shard i/n|auto] [--shard-count N] [--shard-count-env NAME] [--out DIR] [--resume DIR [--add-scenarios N...]]
            [--min-agent-turns N] [--today YYYY-MM-DD] [--strict-match] [--channel NAME] [--gate voice_readability|policy]
            [--junit FILE] [--markdown FILE] [--json]
  Simulate every selected scenario in text mode and score it like the voice harness.
  --domain takes several domains (comma-separated or repeated); --scenarios takes names and
  globs ('tau2_retail__1*'); --limit N keeps the first N selected, --sample N draws N with --seed.
  Writes <out>/eval_<timestamp>/ (a new folder; a name taken gets a suffix), or continues
  --resume DIR with that run's own options, model configs, cassettes, plugin modules, prompt pack
  and recorded calls included (the API key is read again from the variable its config names; a
  pack or calls file that changed since the run started is refused; flags may only repeat them;
  a folder not signed by this user names no code, endpoint, key variable, pack or outside
  cassette folder until --domains M, --base-url URL --api-key-env NAME, --prompt-pack F or
  --cassettes DIR accept it;
  --add-scenarios extends the selection; --min-agent-turns reclassifies): one folder per
  scenario, written atomically, plus run_config.json, all_metrics.json, summary.json and
  all_summary.txt. Exit 1 if any scenario failed or errored. --max-concurrency N conversations
  are in flight at once (default 16 when a bot or the judge is an LLM, else 1) on --workers N
  threads, this one included (default 1 with an LLM, else one per core); the results do not
  depend on either.
  --max-endpoint-failures K (default 5, 0 never): after K scenarios in a row errored by the same
  endpoint failure the run stops, exit 3. Ctrl-C / SIGTERM stop starting scenarios, give those in
  flight a short grace period (a second signal abandons them), write the run-level files and
  exit 130 / 143; every stop prints the resume command. --agent replay re-issues recorded calls:
  --calls is a folder of <scenario>.json files, an earlier run folder, or one file when one
  scenario is selected. --shard i/n runs every n-th scenario (--shard auto: from
  EVALSIM_SHARD_INDEX/EVALSIM_SHARD_COUNT or a Kubernetes JOB_COMPLETION_INDEX); combine shard
  folders with evalsim merge. Ends with each failed or errored scenario and its reason;
  --junit FILE writes JUnit XML, --markdown FILE a summary table. --channel puts a seeded voice
  channel between the bots (clean, light, eva-asr, regular or a tasks_voice config name:
  ${CHANNEL_NAMES.join(", ")}); --gate voice_readability makes the voice-readability signal gate success;
  --gate policy makes a violation of the domain's policy rules (docs/policy.md) fail the scenario.
  --prompt-pack FILE sends the models exactly the pack's prompts and tool specs (evalsim prompts
  export, or scripts/export_nemo_prompt_pack.py from the voice harness); every selected scenario
  must have an entry, and run_config.json records the pack's digest. --agent noop greets, ends
  the call and does nothing else: the scenarios it passes reward inaction (see evalsim audit).`;

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], flag: string): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`${flag} must be one of ${allowed.join(", ")}, got '${value}'`);
  return value as T;
}

function positiveSeconds(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(value) || !(Number(value) > 0)) throw new UsageError(`${flag} expects a number of seconds > 0, got '${value}'`);
  return Number(value);
}

/** `--add-scenarios a b` / `a,b`, like `--scenarios`. */
function splitAdded(argv: readonly string[]): { rest: string[]; added: string[] | undefined } {
  const renamed = argv.map((a) => (a === "--add-scenarios" ? "--scenarios" : a === "--scenarios" ? "\0scenarios" : a));
  const { rest, scenarios } = splitScenarioArgs(renamed);
  return { rest: rest.map((a) => (a === "\0scenarios" ? "--scenarios" : a)), added: scenarios };
}

/** The signals `--gate` can make gating, in the order run_config.json lists them. */
const GATES: readonly string[] = ["voice_readability", "policy"];

export const RUN_OPTIONS = {
  ...COMMON,
  ...CI_OUTPUT_OPTIONS,
  domain: { type: "string" },
  agent: { type: "string" },
  calls: { type: "string" },
  "prompt-pack": { type: "string" },
  user: { type: "string" },
  "agent-config": { type: "string" },
  "user-config": { type: "string" },
  "judge-config": { type: "string" },
  cassettes: { type: "string" },
  "cassette-mode": { type: "string" },
  trials: { type: "string" },
  seed: { type: "string" },
  workers: { type: "string" },
  "max-concurrency": { type: "string" },
  "max-endpoint-failures": { type: "string" },
  "max-turns": { type: "string" },
  "max-tool-calls-per-turn": { type: "string" },
  "time-budget": { type: "string" },
  shard: { type: "string" },
  "shard-count": { type: "string" },
  "shard-count-env": { type: "string" },
  out: { type: "string" },
  resume: { type: "string" },
  "base-url": { type: "string", multiple: true },
  "api-key-env": { type: "string", multiple: true },
  "min-agent-turns": { type: "string" },
  today: { type: "string" },
  "strict-match": { type: "boolean" },
  channel: { type: "string" },
  gate: { type: "string", multiple: true },
  limit: { type: "string" },
  sample: { type: "string" },
} as const;

export async function runCommand(argv: readonly string[], ctx: CommandContext): Promise<number> {
  const { io, registry } = ctx;
  const { rest: afterAdded, added } = splitAdded(argv);
  const { rest, scenarios } = splitScenarioArgs(afterAdded);
  const { values } = parse(rest, RUN_OPTIONS, false);
  const str = (k: string): string | undefined => values[k] as string | undefined;
  const shardText = str("shard");
  let shard: RunSettings["shard"] | undefined;
  if (shardText === "auto") {
    try {
      shard = shardFromEnv(io.env, { count: parseIntFlag(str("shard-count"), "--shard-count", 1, 1_000_000), countEnv: str("shard-count-env") });
    } catch (e) {
      if (e instanceof ShardEnvError) throw new UsageError(e.message);
      throw e;
    }
  } else if (shardText !== undefined) {
    shard = parseShard(shardText);
    if (!shard) throw new UsageError(`--shard expects i/n with 1 <= i <= n, or auto, got '${shardText}'`);
  }
  if (shardText !== "auto" && (str("shard-count") !== undefined || str("shard-count-env") !== undefined)) throw new UsageError("--shard-count and --shard-count-env are used only with --shard auto");
  const gates = values["gate"] as string[] | undefined;
  for (const g of gates ?? []) if (!GATES.includes(g)) throw new UsageError(`--gate must be voice_readability or policy, got '${g}'`);
  const settings: GivenSettings = {
    domain: str("domain"),
    scenarios,
    agent: oneOf<AgentKind>(str("agent"), AGENT_KINDS, "--agent"),
    user: oneOf<UserKind>(str("user"), ["scripted", "llm"], "--user"),
    trials: parseIntFlag(str("trials"), "--trials", 1, LIMITS.trials),
    seed: parseIntFlag(str("seed"), "--seed", 0),
    minAgentTurns: parseIntFlag(str("min-agent-turns"), "--min-agent-turns", 0),
    today: parseDate(str("today"), "--today"),
    strictMatch: values["strict-match"] === true ? true : undefined,
    channel: oneOf<string>(str("channel"), CHANNEL_NAMES, "--channel"),
    gates: gates === undefined ? undefined : GATES.filter((g) => gates.includes(g)),
    maxTurns: parseIntFlag(str("max-turns"), "--max-turns", 1),
    maxToolCallsPerTurn: parseIntFlag(str("max-tool-calls-per-turn"), "--max-tool-calls-per-turn", 1),
    timeBudgetSeconds: positiveSeconds(str("time-budget"), "--time-budget"),
    shard,
    limit: parseIntFlag(str("limit"), "--limit", 1),
    sample: parseIntFlag(str("sample"), "--sample", 1),
  };
  const resume = str("resume");
  if (resume !== undefined && str("out") !== undefined) throw new UsageError("--out is not used with --resume DIR (the run continues in DIR)");
  const baseUrls = values["base-url"] as string[] | undefined;
  const apiKeyEnvs = values["api-key-env"] as string[] | undefined;
  if (resume === undefined && (baseUrls !== undefined || apiKeyEnvs !== undefined)) throw new UsageError("--base-url and --api-key-env are used only with --resume DIR (they accept what a run folder not signed by this user asks for; a new run takes them from its --agent-config/--user-config/--judge-config)");
  const json = values["json"] === true;
  const progress = createProgress({ write: (s) => io.err(s), enabled: io.isTty && !json, now: () => io.now().getTime(), columns: io.columns });
  const control = createRunControl();
  const result: SuiteResult = await withStopSignals(control, io, () =>
    runErrorsAsUsage(() =>
      runSuite({
        registry,
        dataRoot: { flag: ctx.dataRoot, env: io.env["EVAL_DATA_ROOT"] },
        settings,
        inputs: { agentConfig: str("agent-config"), userConfig: str("user-config"), judgeConfig: str("judge-config"), cassettes: str("cassettes"), cassetteMode: str("cassette-mode"), calls: str("calls"), promptPack: str("prompt-pack"), baseUrls, apiKeyEnvs },
        env: io.env,
        out: str("out"),
        resume,
        addScenarios: added,
        workers: parseIntFlag(str("workers"), "--workers", 1, LIMITS.workers),
        maxConcurrency: parseIntFlag(str("max-concurrency"), "--max-concurrency", 1, LIMITS.maxConcurrency),
        maxEndpointFailures: parseIntFlag(str("max-endpoint-failures"), "--max-endpoint-failures", 0),
        now: () => io.now(),
        control,
        onEvent: (e) => progress.event(e),
      }),
    ),
  );
  progress.finish();
  const { report, runDir } = result;
  if (json) io.out(toJsonText({ ...report, run_dir: runDir } as unknown as JsonValue, 2) + "\n");
  else io.out(`${runDir}\n${summaryText(runDir)}`);
  finishRun(runDir, ciOutputsOf(values), json ? undefined : (t) => io.out(t), "evalsim run", io.outColumns);
  if (!json) io.out(outputsLine(runDir, ciOutputsOf(values)));
  const stoppedCode = stoppedExit(result, io, "run");
  if (stoppedCode !== undefined) return stoppedCode;
  return report.totals.failed + report.totals.errored > 0 ? EXIT.failed : EXIT.ok;
}

/** Every run option but --resume may have a default; a resumed run keeps its own options. */
const RUN_DEFAULTS = Object.fromEntries(Object.entries(RUN_OPTIONS).filter(([k]) => k !== "resume" && k !== "base-url" && k !== "api-key-env")) as Omit<typeof RUN_OPTIONS, "resume" | "base-url" | "api-key-env">;

/**
 * `run --resume DIR`: the plugin modules the run recorded, so its domains are
 * registered before it continues; only a folder signed by this user's key
 * (folder/trust.ts) has its modules loaded: any other's are code from
 * someone else, loaded only when --domains names them.
 */
function resumedPluginModules(argv: readonly string[]): readonly string[] {
  const end = argv.indexOf("--");
  const args = end === -1 ? argv : argv.slice(0, end);
  const at = args.lastIndexOf("--resume");
  const dir = at >= 0 ? args[at + 1] : args.findLast((a) => a.startsWith("--resume="))?.slice("--resume=".length);
  if (dir === undefined) return [];
  try {
    return trustedPluginModules(resolve(dir), readRunConfigFile(resolve(dir)));
  } catch {
    // A folder that is not a readable run is reported by the run itself.
    return [];
  }
}

export const command: Command = {
  defaults: {
    options: RUN_DEFAULTS,
    ignoredWith: ["resume"],
    requires: {
      "agent-config": { option: "agent", value: "llm" },
      "user-config": { option: "user", value: "llm" },
      calls: { option: "agent", value: "replay" },
      "shard-count": { option: "shard", value: "auto" },
      "shard-count-env": { option: "shard", value: "auto" },
    },
  },
  name: "run",
  summary: "simulate and score scenarios (oracle, LLM or recorded agent)",
  help: RUN_HELP,
  pluginModules: resumedPluginModules,
  run: runCommand,
};
