/**
 * LLM bots and the NL-assertion judge of a run, from the command line's
 * plain-data choices (config paths, cassette folder and mode). Each thread
 * builds its own from the same spec; `resolveLlmSetup` is also what the CLI
 * calls up front, so a bad config stops the run before anything starts.
 */
import { keyFilledConfig, keyShownConfig } from "../../llm/key-fields.js";
import { createLlmAgent, createLlmUser } from "../../engine/bots/llm-bot.js";
import type { LlmBotOptions } from "../../engine/bots/llm-bot.js";
import type { Cassette, CassetteMode } from "../../llm/cassette.js";
import { CASSETTE_MODES, openCassette } from "../../llm/cassette.js";
import type { Rng } from "../../engine/rng.js";
import { createRng } from "../../engine/rng.js";
import type { ChatClient } from "../../llm/chat.js";
import type { ClientDeps } from "../../llm/client.js";
import { clockOf, createChatClient } from "../../llm/client.js";
import type { LlmConfig } from "../../llm/config.js";
import { apiKeyFrom, loadLlmConfig } from "../../llm/config.js";
import type { ScenarioJudge } from "../../llm/judge.js";
import { createJudge } from "../../llm/judge.js";
import { createLimiterRegistry } from "../../llm/limits.js";
import { provenanceOf } from "../../llm/provenance.js";
import type { JsonObject } from "../../json/types.js";
import type { AgentKind, LlmBotMaker, UserKind } from "./factory.js";

/**
 * The LLM-related part of a run's bot choices: each config as a file (an
 * absolute path) or already read (a resumed run's, from its
 * run_config.json), and the cassette folder and mode.
 */
export interface LlmSpec {
  readonly agent: AgentKind;
  readonly user: UserKind;
  readonly agentConfig?: string | LlmConfig | undefined;
  readonly userConfig?: string | LlmConfig | undefined;
  readonly judgeConfig?: string | LlmConfig | undefined;
  readonly cassettes?: string | undefined;
  readonly cassetteMode?: string | undefined;
}

export interface LlmSetup {
  readonly agent?: LlmConfig;
  readonly user?: LlmConfig;
  readonly judge?: LlmConfig;
  readonly cassette?: { readonly dir: string; readonly mode: Exclude<CassetteMode, "off"> };
}

/** A flag combination that cannot work; the CLI reports it as a usage error. */
export class LlmSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LlmSetupError";
  }
}

function cassetteOf(spec: LlmSpec): LlmSetup["cassette"] {
  const mode = spec.cassetteMode ?? (spec.cassettes !== undefined ? "auto" : "off");
  if (!(CASSETTE_MODES as readonly string[]).includes(mode)) throw new LlmSetupError(`--cassette-mode must be one of ${CASSETTE_MODES.join(", ")}, got '${mode}'`);
  if (mode === "off") return undefined;
  if (spec.cassettes === undefined) throw new LlmSetupError(`--cassette-mode ${mode} needs --cassettes DIR`);
  return { dir: spec.cassettes, mode: mode as Exclude<CassetteMode, "off"> };
}

const read = (c: string | LlmConfig | undefined): LlmConfig | undefined => (typeof c === "string" ? loadLlmConfig(c) : c);

function configFor(chosen: boolean, file: string | LlmConfig | undefined, kind: "agent" | "user"): LlmConfig | undefined {
  if (chosen && file === undefined) throw new LlmSetupError(`--${kind} llm needs --${kind}-config FILE`);
  if (!chosen && file !== undefined) throw new LlmSetupError(`--${kind}-config is used only with --${kind} llm`);
  return read(file);
}

/**
 * Validate the spec and read its config files. Throws `LlmConfigError` (a bad
 * file, naming the field) or `LlmSetupError` (a bad flag combination). With
 * `env`, it also checks that every named API-key variable is set, unless the
 * cassette alone will answer (`replay`).
 */
export function resolveLlmSetup(spec: LlmSpec, env?: Readonly<Record<string, string | undefined>>): LlmSetup {
  const cassette = cassetteOf(spec);
  const agent = configFor(spec.agent === "llm", spec.agentConfig, "agent");
  const user = configFor(spec.user === "llm", spec.userConfig, "user");
  const judge = read(spec.judgeConfig);
  if (env && cassette?.mode !== "replay") {
    for (const c of [agent, user, judge]) {
      if (c?.apiKeyEnv !== undefined && apiKeyFrom(c, env) === undefined) throw new LlmSetupError(`${c.source}: api_key_env names ${c.apiKeyEnv}, which is not set in the environment`);
    }
  }
  return { ...(agent ? { agent } : {}), ...(user ? { user } : {}), ...(judge ? { judge } : {}), ...(cassette ? { cassette } : {}) };
}

export interface LlmParts {
  readonly maker: LlmBotMaker;
  readonly judge?: ScenarioJudge;
}

/**
 * Clients for each configured role, sharing one cassette and one limiter per
 * endpoint (`base_url` + `model`: an agent and a user on the same server
 * share its `max_connections`); `deps` lets tests inject fetch and the clock.
 * `sharedLimits` (the same memory in every thread of a run) makes the limits
 * hold across threads. Each bot draws its retry jitter from its scenario's
 * seeded RNG.
 */
export function createLlmParts(setup: LlmSetup, deps: Omit<ClientDeps, "cassette" | "limiter"> = {}, sharedLimits?: SharedArrayBuffer): LlmParts {
  const cassette: Cassette | undefined = setup.cassette ? openCassette(setup.cassette.dir, setup.cassette.mode) : undefined;
  const configs = [setup.agent, setup.user, setup.judge].filter((c): c is LlmConfig => c !== undefined);
  const clock = clockOf(deps);
  const limiters = createLimiterRegistry(configs, clock, sharedLimits);
  const client = (c: LlmConfig): ChatClient => createChatClient(c, { ...deps, clock, limiter: limiters.limiterFor(c), ...(cassette ? { cassette } : {}) });
  const agentClient = setup.agent ? client(setup.agent) : undefined;
  const userClient = setup.user ? client(setup.user) : undefined;
  const missing = (side: string): never => {
    throw new Error(`an llm ${side} was asked for but no --${side}-config was given`);
  };
  const voice = (c: LlmConfig): Pick<LlmBotOptions, "speech" | "systemRole"> => ({ ...(c.speech ? { speech: c.speech } : {}), ...(c.systemRole ? { systemRole: c.systemRole } : {}) });
  const jitter = (rng: Rng): (() => number) => {
    const own = rng.fork("llm-retry-jitter");
    return () => own.next();
  };
  const modelOf = (c: LlmConfig): string => keyShownConfig(keyFilledConfig(c, deps.env), deps.env).model;
  const maker: LlmBotMaker = {
    agent: (entry, rng) =>
      agentClient && setup.agent ? createLlmAgent(entry, agentClient, { name: `llm:${modelOf(setup.agent)}`, prices: setup.agent, random: jitter(rng), ...voice(setup.agent) }) : missing("agent"),
    user: (entry, rng) =>
      userClient && setup.user ? createLlmUser(entry, userClient, { name: `llm:${modelOf(setup.user)}`, prices: setup.user, random: jitter(rng), ...voice(setup.user) }) : missing("user"),
  };
  if (!setup.judge) return { maker };
  const judgeRng = createRng("llm-judge-retry-jitter");
  const judgeClient = createChatClient(setup.judge, { random: () => judgeRng.next(), ...deps, clock, limiter: limiters.limiterFor(setup.judge), ...(cassette ? { cassette } : {}) });
  return { maker, judge: createJudge(judgeClient, setup.judge) };
}

/**
 * Each model's provenance for run_config.json: model, base URL (never a key)
 * and the settings that shape its replies, per role.
 */
export function llmProvenance(setup: LlmSetup, env?: Readonly<Record<string, string | undefined>>): Partial<Record<"agent" | "user" | "judge", JsonObject>> {
  // A key typed into a config's own fields is recorded as `${api_key_env}`.
  const of = (c: LlmConfig): JsonObject => provenanceOf(keyShownConfig(c, env));
  return {
    ...(setup.agent ? { agent: of(setup.agent) } : {}),
    ...(setup.user ? { user: of(setup.user) } : {}),
    ...(setup.judge ? { judge: of(setup.judge) } : {}),
  };
}

/** True when the spec involves any model (bots or judge). */
export function usesLlm(spec: LlmSpec): boolean {
  return spec.agent === "llm" || spec.user === "llm" || spec.judgeConfig !== undefined;
}
