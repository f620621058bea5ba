/**
 * The files a run reads besides the fixtures: model configs, recorded calls,
 * cassettes. Read and checked up front (a bad one stops the run before it
 * starts), turned into the plain-data bot spec every thread builds its bots
 * from, and described for `run_config.json` (model settings, digests).
 */
import { resolve } from "node:path";
import type { Domain } from "../../engine/domain.js";
import type { DataRootOptions } from "../../loaders/data-root.js";
import { LlmConfigError } from "../../llm/config.js";
import { CallsFileError } from "../../replay/calls-file.js";
import type { JsonValue } from "../../json/types.js";
import type { BotSpec } from "../bots/spec.js";
import { packRecorded } from "../bots/spec.js";
import type { Job } from "../jobs.js";
import { llmProvenance, LlmSetupError, resolveLlmSetup, usesLlm } from "../bots/llm.js";
import { jsonDigest } from "../../hash/provenance-digest.js";
import { dataDigest, evalsimVersion } from "./provenance.js";
import { loadRecordings } from "../bots/recorded-calls.js";
import type { RunProvenance, RunSettings } from "../folder/config.js";
import { RunSetupError } from "../setup-error.js";

export interface SuiteInputs {
  readonly agentConfig?: string | undefined;
  readonly userConfig?: string | undefined;
  readonly judgeConfig?: string | undefined;
  readonly cassettes?: string | undefined;
  readonly cassetteMode?: string | undefined;
  /** `--agent replay --calls DIR_OR_FILE`. */
  readonly calls?: string | undefined;
  /** `--prompt-pack FILE`: the prompts and tool specs the models are sent (prompt-pack.ts). */
  readonly promptPack?: string | undefined;
}

const abs = (p: string | undefined): string | undefined => (p === undefined ? undefined : resolve(p));

function recordingsFor(source: string, jobs: readonly Job[]): NonNullable<BotSpec["recorded"]> {
  let loaded;
  try {
    loaded = loadRecordings(source, jobs);
  } catch (e) {
    if (e instanceof CallsFileError) throw new RunSetupError(`--calls ${e.message}`);
    throw e;
  }
  if (loaded.missing.length > 0) throw new RunSetupError(`--calls ${source}: no recorded calls for ${loaded.missing.length} scenario(s): ${loaded.missing.join(", ")}`);
  return loaded.recorded;
}

export function resolveInputs(
  s: RunSettings,
  inputs: SuiteInputs,
  jobs: readonly Job[],
  domains: readonly Domain[],
  rootOpts: DataRootOptions,
  env: Readonly<Record<string, string | undefined>> | undefined,
): { bots: BotSpec; provenance: RunProvenance } {
  const llmSpec = { agent: s.agent, user: s.user, agentConfig: abs(inputs.agentConfig), userConfig: abs(inputs.userConfig), judgeConfig: abs(inputs.judgeConfig), cassettes: abs(inputs.cassettes), cassetteMode: inputs.cassetteMode };
  const anyFlag = [inputs.agentConfig, inputs.userConfig, inputs.judgeConfig, inputs.cassettes, inputs.cassetteMode].some((v) => v !== undefined);
  let setup: ReturnType<typeof resolveLlmSetup> = {};
  if (usesLlm(llmSpec) || anyFlag) {
    try {
      setup = resolveLlmSetup(llmSpec, env);
    } catch (e) {
      if (e instanceof LlmConfigError || e instanceof LlmSetupError) throw new RunSetupError(e.message);
      throw e;
    }
  }
  if ((s.agent === "replay") !== (inputs.calls !== undefined)) throw new RunSetupError(s.agent === "replay" ? "--agent replay needs --calls DIR_OR_FILE" : "--calls is used only with --agent replay");
  const recorded = inputs.calls === undefined ? undefined : recordingsFor(inputs.calls, jobs);
  // The cassette mode is left out: record, replay and auto give the same results.
  const models = llmProvenance(setup);
  const described: Record<string, { flag: string; value: JsonValue }> = {};
  for (const role of ["agent", "user", "judge"] as const) {
    const value = models[role];
    if (value !== undefined) described[`${role}_llm`] = { flag: `--${role}-config`, value };
  }
  if (recorded) described["calls_digest"] = { flag: "--calls", value: jsonDigest(recorded) };
  return {
    bots: { ...llmSpec, recorded: recorded && packRecorded(recorded) },
    provenance: { evalsimVersion: evalsimVersion(), dataDigest: dataDigest(domains, rootOpts), inputs: described },
  };
}
