/**
 * The bots of a run as plain data. A worker thread cannot receive closures,
 * so the command line's choices travel as a `BotSpec` and every thread (the
 * main one with `--workers 1`, each worker otherwise) builds its own bots
 * from it with `prepareBots`.
 */
import type { ToolCall } from "../../engine/types.js";
import type { LlmConfig } from "../../llm/config.js";
import { parsePythonJson } from "../../json/parse.js";
import { pySpelledJsonText } from "../../python/spelled-json-text.js";
import type { AgentKind, BotFactory, UserKind } from "./factory.js";
import { botFactory } from "./factory.js";
import type { BotsForJob } from "../scenario/execute.js";
import type { Job } from "../jobs.js";
import { createLlmParts, resolveLlmSetup, usesLlm } from "./llm.js";

/**
 * `--agent replay`: recorded calls per scenario name, one list per recorded
 * trial. A single list serves every trial of the new run.
 */
export type RecordedCalls = Readonly<Record<string, readonly (readonly ToolCall[])[]>>;

/** A recorded call on its way to a thread: its arguments as Python-spelled JSON text. */
type PackedCall = ToolCall & { readonly argumentsText?: string };

/**
 * The recorded calls as a spec carries them. Structured clone (worker
 * threads) drops the marks that say which integral numbers are Python
 * floats, so the arguments also travel as Python-spelled text, read back by
 * every thread alike (`--workers 1` included).
 */
export function packRecorded(recorded: RecordedCalls): RecordedCalls {
  const out: Record<string, (readonly ToolCall[])[]> = {};
  for (const [name, trials] of Object.entries(recorded)) out[name] = trials.map((calls) => calls.map((c): PackedCall => ({ ...c, argumentsText: pySpelledJsonText(c.arguments, c.argumentsFloat === true) })));
  return out;
}

function unpackCall(c: PackedCall): ToolCall {
  const { argumentsText, ...call } = c;
  return argumentsText === undefined ? call : { ...call, arguments: parsePythonJson(argumentsText) };
}

export interface BotSpec {
  readonly agent: AgentKind;
  readonly user: UserKind;
  readonly recorded?: RecordedCalls | undefined;
  /** LLM bot settings: config files as given on the command line (paths made absolute), or a resumed run's recorded configs. */
  readonly agentConfig?: string | LlmConfig | undefined;
  readonly userConfig?: string | LlmConfig | undefined;
  readonly judgeConfig?: string | LlmConfig | undefined;
  readonly cassettes?: string | undefined;
  readonly cassetteMode?: string | undefined;
}

/** The calls the replay agent re-issues in trial `trial` of `scenario`, if recorded. */
export function recordedFor(recorded: RecordedCalls | undefined, scenario: string, trial: number): readonly ToolCall[] | undefined {
  const trials = recorded?.[scenario];
  if (!trials || trials.length === 0) return undefined;
  return trials.length === 1 ? trials[0] : trials[trial - 1];
}

/**
 * Build the bots of every job from the spec. Runs once per thread, so the LLM
 * clients (and the judge) are built here from the config paths and cassette
 * settings, then passed to `botFactory`. `sharedLimits`: the run's endpoint
 * limits, in memory every thread of the run shares.
 */
export function prepareBots(spec: BotSpec, sharedLimits?: SharedArrayBuffer): Promise<BotsForJob> {
  const llm = usesLlm(spec) ? createLlmParts(resolveLlmSetup(spec), {}, sharedLimits) : undefined;
  const byTrial = new Map<number, BotFactory>();
  const forJob = (job: Job): BotFactory => {
    const key = spec.agent === "replay" ? job.trial : 0;
    let bots = byTrial.get(key);
    if (!bots) {
      const recorded = new Map<string, readonly ToolCall[]>();
      for (const name of Object.keys(spec.recorded ?? {})) {
        const calls = recordedFor(spec.recorded, name, job.trial);
        if (calls) recorded.set(name, calls.map(unpackCall));
      }
      bots = botFactory({ agent: spec.agent, user: spec.user, recorded, llm: llm?.maker, judge: llm?.judge });
      byTrial.set(key, bots);
    }
    return bots;
  };
  return Promise.resolve(forJob);
}
