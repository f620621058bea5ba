import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { selectScenarios } from "../../engine/catalog.js";
import type { Registry } from "../../engine/registry.js";
import { writeFileAtomic } from "../../json/atomic-write.js";
import { parsePythonJson } from "../../json/parse.js";
import { toJsonText } from "../../json/stringify.js";
import type { JsonObject, JsonValue } from "../../json/types.js";
import type { AgentKind, UserKind } from "../../run/bots.js";
import { botFactory } from "../../run/bots.js";
import { executeSerial } from "../../run/execute.js";
import { parseShard, planJobs } from "../../run/jobs.js";
import { clearPartials, collectMetrics, RUN_CONFIG_FILE, splitFinished, writeRunFiles } from "../../run/run-suite.js";
import { readFileSync } from "node:fs";
import { COMMON, parse, parseDate, parseIntFlag, splitScenarioArgs } from "../args.js";
import { catalogFor } from "../context.js";
import type { CliIo } from "../io.js";
import { EXIT, UsageError } from "../io.js";
import { createProgress } from "../progress.js";

export const RUN_HELP = `evalsim run [--domain D] [--scenarios N...] [--agent oracle|llm|replay] [--user scripted|llm]
            [--agent-config F] [--user-config F] [--judge-config F] [--cassettes DIR] [--cassette-mode off|record|replay|auto]
            [--trials K] [--seed S] [--workers N] [--shard i/n] [--out DIR] [--resume DIR]
            [--min-agent-turns N] [--today YYYY-MM-DD] [--strict-match] [--json] [--data-root DIR]
  Simulate every selected scenario in text mode and score it like the voice harness.
  Writes <out>/eval_<timestamp>/ (or continues --resume DIR): one folder per scenario, written
  atomically, plus all_metrics.json, summary.json and all_summary.txt. Exit 1 if any scenario
  failed or errored.`;

const pad2 = (n: number): string => String(n).padStart(2, "0");
function stamp(d: Date): string {
  return `${d.getUTCFullYear()}${pad2(d.getUTCMonth() + 1)}${pad2(d.getUTCDate())}_${pad2(d.getUTCHours())}${pad2(d.getUTCMinutes())}${pad2(d.getUTCSeconds())}`;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], flag: string, fallback: T): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`${flag} must be one of ${allowed.join(", ")}, got '${value}'`);
  return value as T;
}

export async function runCommand(argv: readonly string[], io: CliIo, registry: Registry): Promise<number> {
  const { rest, scenarios } = splitScenarioArgs(argv);
  const { values } = parse(
    rest,
    {
      ...COMMON,
      domain: { type: "string" },
      agent: { type: "string" },
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
    },
    false,
  );
  const str = (k: string): string | undefined => values[k] as string | undefined;
  const agent = oneOf<AgentKind>(str("agent"), ["oracle", "llm", "replay"], "--agent", "oracle");
  const user = oneOf<UserKind>(str("user"), ["scripted", "llm"], "--user", "scripted");
  const trials = parseIntFlag(str("trials"), "--trials", 1) ?? 1;
  const seed = parseIntFlag(str("seed"), "--seed", 0) ?? 0;
  const minAgentTurns = parseIntFlag(str("min-agent-turns"), "--min-agent-turns", 0) ?? 3;
  const today = parseDate(str("today"), "--today");
  const shardText = str("shard");
  const shard = shardText === undefined ? undefined : parseShard(shardText);
  if (shardText !== undefined && !shard) throw new UsageError(`--shard expects i/n with 1 <= i <= n, got '${shardText}'`);
  if (agent === "llm" || user === "llm") throw new UsageError("llm bots need --agent-config/--user-config (not available in this build)");
  if (agent === "replay") throw new UsageError("--agent replay needs recorded runs (not available in this build)");
  const domain = str("domain");
  const catalog = catalogFor(registry, io, str("data-root"), { domain, scenarios });
  const entries = selectScenarios(catalog, { domain, scenarios });

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
  const bots = botFactory({ agent, user });
  await executeSerial(todo, bots, {
    runDir,
    trials,
    seed,
    today,
    minAgentTurns,
    strictMatch: values["strict-match"] === true,
    onDone: (_job, status) => progress.tick(status === "passed"),
  });
  progress.finish();
  const report = writeRunFiles(runDir, collectMetrics(runDir, jobs, trials), trials);
  if (values["json"]) io.out(toJsonText(report as unknown as JsonValue, 2) + "\n");
  else io.out(`${runDir}\n${readFileSync(join(runDir, "all_summary.txt"), "utf8")}`);
  return report.totals.failed + report.totals.errored > 0 ? EXIT.failed : EXIT.ok;
}
