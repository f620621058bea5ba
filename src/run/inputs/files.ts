/**
 * The files a run reads besides the fixtures: model configs, recorded calls,
 * cassettes. Read and checked up front (a bad one stops the run before it
 * starts), turned into the plain-data bot spec every thread builds its bots
 * from, and described for `run_config.json` (model settings, digests).
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { Domain } from "../../engine/domain.js";
import type { DataRootOptions } from "../../loaders/data-root.js";
import type { LlmConfig } from "../../llm/config.js";
import { LlmConfigError } from "../../llm/config.js";
import { configFromProvenance } from "../../llm/provenance.js";
import { CallsFileError } from "../../replay/calls-file.js";
import type { JsonObject, JsonValue } from "../../json/types.js";
import { isJsonObject } from "../../json/types.js";
import type { BotSpec } from "../bots/spec.js";
import { packRecorded } from "../bots/spec.js";
import type { Job } from "../jobs.js";
import type { LlmSpec } from "../bots/llm.js";
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
  /** On resume of a folder not signed by this user: the recorded endpoints (`--base-url`) and key variables (`--api-key-env`) accepted. */
  readonly baseUrls?: readonly string[] | undefined;
  readonly apiKeyEnvs?: readonly string[] | undefined;
}

/** Where a role's requests go: the host (and port) of its endpoint. */
export interface Endpoint {
  readonly role: string;
  readonly host: string;
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return "(unparsable base_url)";
  }
}

/** run_config.json's key for the cassette folder and mode (written only when cassettes are used). */
export const CASSETTES_KEY = "cassettes";

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

/** run_config.json's keys for where the recorded calls are, beside their digest (written only by replay-agent runs). */
export const CALLS_FILE_KEY = "calls_file";
export const CALLS_DIGEST_KEY = "calls_digest";

/**
 * The recorded calls a replay-agent run reads: `--calls` as given, else (on
 * resume) the file or folder the run recorded, which must still hold what the
 * run started with.
 */
function callsOf(inputs: SuiteInputs, jobs: readonly Job[], resumed: ResumedConfig | undefined): { source: string; recorded: NonNullable<BotSpec["recorded"]> } | undefined {
  if (inputs.calls !== undefined) return { source: resolve(inputs.calls), recorded: recordingsFor(inputs.calls, jobs) };
  const source = resumed?.config[CALLS_FILE_KEY];
  if (!resumed || typeof source !== "string") return undefined;
  if (!existsSync(source)) throw new RunSetupError(`--calls ${source}: gone since the run started (${resumed.file}: ${CALLS_FILE_KEY}); give --calls with the run's recorded calls again`);
  const recorded = recordingsFor(source, jobs);
  if (jsonDigest(recorded) !== resumed.config[CALLS_DIGEST_KEY]) throw new RunSetupError(`--calls ${source}: changed since the run started (its digest differs from ${resumed.file}: ${CALLS_DIGEST_KEY}); restore it, or start a new run`);
  return { source, recorded };
}

/** A resumed run's run_config.json (and its path, for messages). */
export interface ResumedConfig {
  readonly config: JsonObject;
  readonly file: string;
}

const ROLES = ["agent", "user", "judge"] as const;

/**
 * The model configs and cassettes of the run: each as given on the command
 * line, else (on resume) as the run recorded them, so `--resume DIR` alone
 * talks to the same endpoints with the same settings; only an API key is
 * read again, from the environment variable the recorded config names.
 */
function llmSpecOf(s: RunSettings, inputs: SuiteInputs, resumed: ResumedConfig | undefined): LlmSpec {
  const given = { agent: inputs.agentConfig, user: inputs.userConfig, judge: inputs.judgeConfig };
  const used = { agent: s.agent === "llm", user: s.user === "llm", judge: true };
  const configs: Partial<Record<(typeof ROLES)[number], string | LlmConfig>> = {};
  for (const role of ROLES) {
    const recorded = resumed?.config[`${role}_llm`];
    if (given[role] !== undefined) configs[role] = resolve(given[role]);
    else if (resumed && recorded !== undefined && used[role]) configs[role] = configFromProvenance(recorded, `${resumed.file}: ${role}_llm`, `--${role}-config`);
  }
  const cassette = resumed?.config["cassettes"];
  const reuse = inputs.cassettes === undefined && inputs.cassetteMode === undefined && isJsonObject(cassette) && typeof cassette["dir"] === "string" && typeof cassette["mode"] === "string";
  return {
    agent: s.agent,
    user: s.user,
    agentConfig: configs.agent,
    userConfig: configs.user,
    judgeConfig: configs.judge,
    cassettes: reuse ? (cassette["dir"] as string) : abs(inputs.cassettes),
    cassetteMode: reuse ? (cassette["mode"] as string) : inputs.cassetteMode,
  };
}

/** A bad config or flag combination stops the run before it starts, as a setup error. */
function asSetupError<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof LlmConfigError || e instanceof LlmSetupError) throw new RunSetupError(e.message);
    throw e;
  }
}

export function resolveInputs(
  s: RunSettings,
  inputs: SuiteInputs,
  jobs: readonly Job[],
  domains: readonly Domain[],
  rootOpts: DataRootOptions,
  env: Readonly<Record<string, string | undefined>> | undefined,
  resumed?: ResumedConfig,
): { bots: BotSpec; provenance: RunProvenance; endpoints: Endpoint[] } {
  const llmSpec = asSetupError(() => llmSpecOf(s, inputs, resumed));
  const anyFlag = [llmSpec.agentConfig, llmSpec.userConfig, llmSpec.judgeConfig, llmSpec.cassettes, llmSpec.cassetteMode].some((v) => v !== undefined);
  const setup = usesLlm(llmSpec) || anyFlag ? asSetupError(() => resolveLlmSetup(llmSpec, env)) : {};
  if (s.agent !== "replay" && inputs.calls !== undefined) throw new RunSetupError("--calls is used only with --agent replay");
  const calls = s.agent === "replay" ? callsOf(inputs, jobs, resumed) : undefined;
  if (s.agent === "replay" && !calls) throw new RunSetupError("--agent replay needs --calls DIR_OR_FILE");
  const recorded = calls?.recorded;
  const models = llmProvenance(setup, env);
  const described: Record<string, { flag: string; value: JsonValue }> = {};
  for (const role of ROLES) {
    const value = models[role];
    if (value !== undefined) described[`${role}_llm`] = { flag: `--${role}-config`, value };
  }
  // Where the cassettes are, for a resume; record, replay and auto give the same results, so a resume may change them.
  if (setup.cassette) described[CASSETTES_KEY] = { flag: "--cassettes", value: { dir: setup.cassette.dir, mode: setup.cassette.mode } };
  if (calls) {
    described[CALLS_DIGEST_KEY] = { flag: "--calls", value: jsonDigest(calls.recorded) };
    // Where they were read, so a resume reads them again without --calls.
    described[CALLS_FILE_KEY] = { flag: "--calls", value: calls.source };
  }
  const endpoints = setup.cassette?.mode === "replay" ? [] : ROLES.flatMap((role) => (setup[role] ? [{ role, host: hostOf((setup[role]).baseUrl) }] : []));
  return {
    endpoints,
    bots: { ...llmSpec, recorded: recorded && packRecorded(recorded) },
    provenance: { evalsimVersion: evalsimVersion(), dataDigest: dataDigest(domains, rootOpts), inputs: described },
  };
}
