/**
 * `run_config.json`: every option that changes a run's results, plus where
 * the run came from. A new run writes it first; `--resume` and `merge` read
 * it back, so a resumed run continues with exactly the options it began with.
 */
import type { ConversationLimits } from "../../engine/conversation/types.js";
import { DEFAULT_LIMITS } from "../../engine/conversation/types.js";
import { toJsonText } from "../../json/stringify.js";
import type { JsonObject, JsonValue } from "../../json/types.js";
import type { AgentKind, UserKind } from "../bots/factory.js";
import { AGENT_KINDS } from "../bots/factory.js";
import { CHANNEL_NAMES } from "../../engine/channel/profile.js";
import type { Shard } from "../jobs.js";
import { parseShard } from "../jobs.js";
import { RunSetupError } from "../setup-error.js";

/** The options that change results (the selection included). */
export interface RunSettings {
  readonly domain: string | null;
  readonly scenarios: readonly string[] | null;
  readonly agent: AgentKind;
  readonly user: UserKind;
  readonly trials: number;
  readonly seed: number;
  /** `--min-agent-turns N`; a resume may change it (the reference reclassifies by the new N). */
  readonly minAgentTurns: number;
  readonly today: string | null;
  readonly strictMatch: boolean;
  /** `--channel NAME`: the voice channel between the bots (`clean`: none). */
  readonly channel: string;
  /** `--gate voice_readability`: signals that gate success besides the scenario's own. */
  readonly gates: readonly string[];
  readonly maxTurns: number;
  readonly maxToolCallsPerTurn: number;
  readonly timeBudgetSeconds: number;
  readonly shard: Shard | null;
  /** `--limit N`: only the first N scenarios of the selection. */
  readonly limit: number | null;
  /** `--sample N`: N scenarios of the selection drawn with the run's seed. */
  readonly sample: number | null;
}

/** Settings as a caller gives them: any may be left out (undefined). */
export type GivenSettings = { readonly [K in keyof RunSettings]?: RunSettings[K] | undefined };

export const DEFAULT_SETTINGS: Omit<RunSettings, "agent" | "user"> & { agent: AgentKind; user: UserKind } = {
  domain: null,
  scenarios: null,
  agent: "oracle",
  user: "scripted",
  trials: 1,
  seed: 0,
  minAgentTurns: 3,
  today: null,
  strictMatch: false,
  channel: "clean",
  gates: [],
  maxTurns: DEFAULT_LIMITS.maxTurns,
  maxToolCallsPerTurn: DEFAULT_LIMITS.maxToolCallsPerTurn,
  timeBudgetSeconds: DEFAULT_LIMITS.timeBudgetSeconds,
  shard: null,
  limit: null,
  sample: null,
};

interface Field {
  readonly key: string;
  readonly flag: string;
  toJson(s: RunSettings): JsonValue | undefined;
}

const shardText = (s: Shard | null): string | undefined => (s ? `${s.index}/${s.count}` : undefined);

/** In the order they appear in run_config.json; `flag` is what a conflict names. */
export const SETTING_FIELDS: Readonly<Record<keyof RunSettings, Field>> = {
  domain: { key: "domain", flag: "--domain", toJson: (s) => s.domain },
  scenarios: { key: "scenarios", flag: "--scenarios", toJson: (s) => (s.scenarios ? [...s.scenarios] : null) },
  agent: { key: "agent", flag: "--agent", toJson: (s) => s.agent },
  user: { key: "user", flag: "--user", toJson: (s) => s.user },
  trials: { key: "trials", flag: "--trials", toJson: (s) => s.trials },
  seed: { key: "seed", flag: "--seed", toJson: (s) => s.seed },
  minAgentTurns: { key: "min_agent_turns", flag: "--min-agent-turns", toJson: (s) => s.minAgentTurns },
  today: { key: "today", flag: "--today", toJson: (s) => s.today },
  strictMatch: { key: "strict_match", flag: "--strict-match", toJson: (s) => s.strictMatch },
  channel: { key: "channel", flag: "--channel", toJson: (s) => s.channel },
  gates: { key: "gates", flag: "--gate", toJson: (s) => [...s.gates] },
  maxTurns: { key: "max_turns", flag: "--max-turns", toJson: (s) => s.maxTurns },
  maxToolCallsPerTurn: { key: "max_tool_calls_per_turn", flag: "--max-tool-calls-per-turn", toJson: (s) => s.maxToolCallsPerTurn },
  timeBudgetSeconds: { key: "time_budget_seconds", flag: "--time-budget", toJson: (s) => s.timeBudgetSeconds },
  shard: { key: "shard", flag: "--shard", toJson: (s) => shardText(s.shard) },
  // Written only when given, so the run_config.json of a run without them is unchanged.
  limit: { key: "limit", flag: "--limit", toJson: (s) => s.limit ?? undefined },
  sample: { key: "sample", flag: "--sample", toJson: (s) => s.sample ?? undefined },
};

/**
 * run_config.json's list of the plugin modules (absolute paths) whose
 * domains the run uses: written only for such runs, so a run of built-in
 * domains records what it always did; `--resume` loads them again.
 */
export const PLUGIN_MODULES_KEY = "plugin_modules";

/** The plugin modules a run_config.json value records (none when absent or not a list of paths). */
export function pluginModulesOf(config: JsonObject | undefined): string[] {
  const v = config?.[PLUGIN_MODULES_KEY];
  return Array.isArray(v) && v.every((m) => typeof m === "string") ? v : [];
}

/** Options a resume may change: the reference reclassifies finished scenarios by the resuming run's N. */
export const RESUME_OVERRIDABLE: ReadonlySet<keyof RunSettings> = new Set(["minAgentTurns"]);

/** Where the run came from, and what its bots were; compared like options on resume and merge. */
export interface RunProvenance {
  readonly evalsimVersion: string;
  /** Per domain the run uses: a digest of its fixture files. */
  readonly dataDigest: JsonObject;
  /** `agent_llm`, `user_llm`, `judge_llm`, `calls_digest`, ...: each with the flag that supplies it. */
  readonly inputs: Readonly<Record<string, { readonly flag: string; readonly value: JsonValue }>>;
}

export function limitsOf(s: RunSettings): ConversationLimits {
  return { maxTurns: s.maxTurns, maxToolCallsPerTurn: s.maxToolCallsPerTurn, timeBudgetSeconds: s.timeBudgetSeconds };
}

export function runConfigJson(s: RunSettings, p: RunProvenance): JsonObject {
  const out: JsonObject = { evalsim_version: p.evalsimVersion, data_digest: p.dataDigest };
  for (const f of Object.values(SETTING_FIELDS)) {
    const v = f.toJson(s);
    if (v !== undefined) out[f.key] = v;
  }
  for (const [key, input] of Object.entries(p.inputs)) out[key] = input.value;
  return out;
}

const isInt = (v: unknown, min: number, max = Number.MAX_SAFE_INTEGER): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= min && v <= max;

/** The most trials a run may have (`--trials` checks the same bound). */
export const MAX_TRIALS = 1000;

/** A real calendar date written YYYY-MM-DD (not 2025-02-30). */
export function isRealDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Read the settings back from a run_config.json value; a key written by an older evalsim that lacks it takes its default. */
export function settingsFromConfig(c: JsonObject, file: string): RunSettings {
  const bad = (key: string, want: string): never => {
    throw new RunSetupError(`${file}: ${key}: expected ${want}, got ${toJsonText(c[key] ?? null)}`);
  };
  const get = <T>(key: string, ok: (v: unknown) => v is T, want: string, fallback: T): T => {
    const v = c[key];
    if (v === undefined) return fallback;
    return ok(v) ? v : bad(key, want);
  };
  const strOrNull = (v: unknown): v is string | null => v === null || typeof v === "string";
  const names = (v: unknown): v is string[] | null => v === null || (Array.isArray(v) && v.every((x) => typeof x === "string"));
  const oneOf = <T extends string>(allowed: readonly T[]) => (v: unknown): v is T => typeof v === "string" && (allowed as readonly string[]).includes(v);
  const shardRaw = c["shard"];
  let shard: Shard | null = null;
  if (shardRaw !== undefined) shard = (typeof shardRaw === "string" ? parseShard(shardRaw) : undefined) ?? bad("shard", "i/n");
  const d = DEFAULT_SETTINGS;
  return {
    domain: get("domain", strOrNull, "a domain name or null", null),
    scenarios: get("scenarios", names, "a list of scenario names or null", null),
    agent: get("agent", oneOf<AgentKind>(AGENT_KINDS), AGENT_KINDS.join(", "), d.agent),
    user: get("user", oneOf<UserKind>(["scripted", "llm"]), "scripted or llm", d.user),
    // Checked as the command line checks them: an edited run_config.json must not ask for 10^8 trials or 2025-02-30.
    trials: get("trials", (v): v is number => isInt(v, 1, MAX_TRIALS), `an integer from 1 to ${MAX_TRIALS}`, d.trials),
    seed: get("seed", (v): v is number => isInt(v, 0), "an integer >= 0", d.seed),
    minAgentTurns: get("min_agent_turns", (v): v is number => isInt(v, 0), "an integer >= 0", d.minAgentTurns),
    today: get("today", (v): v is string | null => v === null || (typeof v === "string" && isRealDate(v)), "a real date as YYYY-MM-DD, or null", null),
    strictMatch: get("strict_match", (v): v is boolean => typeof v === "boolean", "true or false", false),
    channel: get("channel", oneOf<string>(CHANNEL_NAMES), `a channel name (${CHANNEL_NAMES.join(", ")})`, d.channel),
    gates: get("gates", names as (v: unknown) => v is string[], "a list of signal names", d.gates),
    maxTurns: get("max_turns", (v): v is number => isInt(v, 1), "an integer >= 1", d.maxTurns),
    maxToolCallsPerTurn: get("max_tool_calls_per_turn", (v): v is number => isInt(v, 1), "an integer >= 1", d.maxToolCallsPerTurn),
    timeBudgetSeconds: get("time_budget_seconds", (v): v is number => typeof v === "number" && v > 0, "a number > 0", d.timeBudgetSeconds),
    shard,
    limit: get("limit", (v): v is number => isInt(v, 1), "an integer >= 1", null as number | null),
    sample: get("sample", (v): v is number => isInt(v, 1), "an integer >= 1", null as number | null),
  };
}

const same = (a: JsonValue | undefined, b: JsonValue | undefined): boolean => toJsonText(a ?? null) === toJsonText(b ?? null);
const shown = (v: JsonValue | undefined): string => (v === undefined ? "(not set)" : toJsonText(v));

/**
 * A resume takes its options from the run folder: a flag may repeat one, a
 * different value is an error naming the flag. Returns the settings to
 * continue with (the recorded ones, with any allowed override applied).
 */
export function reconcileSettings(recorded: RunSettings, given: GivenSettings, file: string): RunSettings {
  const out: Record<string, unknown> = { ...recorded };
  for (const [name, value] of Object.entries(given) as [keyof RunSettings, unknown][]) {
    if (value === undefined) continue;
    const f = SETTING_FIELDS[name];
    if (RESUME_OVERRIDABLE.has(name)) {
      out[name] = value;
      continue;
    }
    const want = f.toJson(recorded);
    const got = f.toJson({ ...recorded, [name]: value });
    if (!same(want, got)) throw new RunSetupError(`${f.flag} ${shown(got)} conflicts with the run being resumed (${file} has ${f.key}: ${shown(want)}); a resumed run keeps its options`);
  }
  return out as unknown as RunSettings;
}
