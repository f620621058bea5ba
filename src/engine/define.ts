/**
 * The authoring helpers of the public API: a domain or scenario written as a
 * plain object, with the defaults a new domain usually wants filled in.
 */
import type { JsonObject } from "../json/types.js";
import type { ArgumentErrorFormatter, Domain } from "./domain.js";
import { endConversationTool } from "./end-conversation.js";
import { scenarioChecks, type ChecksInput } from "./scenario-checks-input.js";
import { checkSuccessSignals, ScenarioDefinitionError, type Scenario, type SuccessSignal, type UserBrief } from "./scenario.js";
import type { Side, ToolCall, ToolResult } from "./types.js";

/** The tau2-style validation error: pydantic's errors as `details`. */
const defaultArgumentError: ArgumentErrorFormatter = (_tool, errors) => ({
  status: "error",
  error_type: "validation_error",
  message: "Tool arguments failed validation.",
  details: errors.map((e) => ({ field: e.loc.map(String).join("."), error: e.msg, type: e.type })),
});

const defaultDbNotInitialized = (): ToolResult => ({ status: "error", error_type: "db_not_initialized", message: "Scenario database not loaded." });

/** What `defineDomain` takes: a domain, with the error shapes and unknown-argument policy optional. */
export type DomainInput = Omit<Domain, "unknownArgs" | "argumentError" | "dbNotInitialized"> & Partial<Pick<Domain, "unknownArgs" | "argumentError" | "dbNotInitialized">>;

const NAME = /^[a-z][a-z0-9_]*$/;

/**
 * A domain value, for the built-in domains and plugins alike. Unknown
 * arguments are rejected and argument errors follow tau2 unless the input
 * says otherwise; the agent side gets `EndConversationTool` (every domain has
 * it, as the reference's `default` bucket gives it to every domain) unless it
 * has a tool of that name. Action records are checked for shape unless the
 * input passes `checkRecords: false`, as the built-in domains do: the
 * reference accepts any dict there, and they mirror it.
 */
export function defineDomain(input: DomainInput): Domain {
  if (!NAME.test(input.name)) throw new TypeError(`domain name ${JSON.stringify(input.name)}: expected lower-case letters, digits and _ (starting with a letter)`);
  const agent = input.tools.agent.some((t) => t.name === endConversationTool.name) ? input.tools.agent : [...input.tools.agent, endConversationTool];
  const tools: Domain["tools"] = input.tools.user ? { agent, user: input.tools.user } : { agent };
  return {
    unknownArgs: "reject",
    checkRecords: true,
    argumentError: defaultArgumentError,
    dbNotInitialized: defaultDbNotInitialized,
    ...input,
    tools,
  };
}

/** What `defineScenario` takes: a scenario's name, domain, DBs, gold calls, signals, and prompts or the parts they are built from. */
export interface ScenarioInput {
  /** `<bucket>__<id>`: the bucket is the `--domain` prefix, the id the upstream id. */
  readonly name: string;
  /** The domain whose tools and data it uses. */
  readonly domain: string;
  /** What the scenario tests, for people and reports; never part of a prompt (the agent must not be told the outcome). */
  readonly description: string;
  /** The agent's instructions (the policy it works under); the default agent prompt opens with it. */
  readonly policy?: string;
  /** Who the caller is (manner, circumstances); the default user prompt's persona. */
  readonly persona?: string;
  /** What a grader should know about the expected behaviour; kept on the scenario, never sent to a model. */
  readonly graderNotes?: string;
  /**
   * Deterministic checks of the conversation, gating success as the `checks`
   * signal: tools the agent must not call (a refusal), must call, and what it
   * must say (`communicate`, matched as tau2 matches communicate_info).
   */
  readonly checks?: ChecksInput;
  readonly initialDbs: () => Readonly<Partial<Record<Side, JsonObject>>>;
  readonly goldCalls: () => readonly ToolCall[];
  readonly successSignals?: readonly SuccessSignal[];
  /** `YYYY-MM-DD`; default 2025-01-01, fixed (not from the clock). */
  readonly today?: string;
  readonly todayFromClock?: boolean;
  readonly initializationActions?: Scenario["initializationActions"];
  readonly dbStateAssertions?: Scenario["dbStateAssertions"];
  readonly nlAssertions?: readonly string[];
  readonly shippedExpectedDb?: () => JsonObject | undefined;
  readonly agentPrompt?: string | (() => string);
  readonly userPrompt?: string | (() => string);
  readonly user?: Partial<UserBrief>;
  readonly labels?: Readonly<Record<string, string>>;
}

const text = (v: string | (() => string) | undefined, fallback: string): (() => string) => (typeof v === "function" ? v : () => v ?? fallback);

const REQUIRED: readonly (readonly [keyof ScenarioInput, "string" | "function"])[] = [
  ["domain", "string"],
  ["description", "string"],
  ["initialDbs", "function"],
  ["goldCalls", "function"],
];

/**
 * A scenario value; what the input leaves out gets a plain default (the
 * public `defineScenario` then builds the prompts the input leaves out). A
 * missing or mistyped field, or gating signals the reference would refuse,
 * throw a ScenarioDefinitionError naming the scenario and the field.
 */
export function scenarioFromInput(input: ScenarioInput): Scenario {
  const cut = typeof input.name === "string" ? input.name.indexOf("__") : -1;
  if (cut <= 0 || cut + 2 >= input.name.length) throw new ScenarioDefinitionError(`scenario ${JSON.stringify(input.name) ?? "undefined"}: name: expected <bucket>__<id>`);
  for (const [field, type] of REQUIRED) {
    if (typeof input[field] !== type) throw new ScenarioDefinitionError(`scenario '${input.name}': ${field}: expected ${type === "string" ? "a string" : "a function"}, got ${input[field] === null ? "null" : typeof input[field]}`);
  }
  if (input.successSignals !== undefined) checkSuccessSignals(input.name, input.successSignals);
  const checks = scenarioChecks(input.name, input.checks);
  const user: UserBrief = { opening: "Hi, I need some help.", goal: input.description, knownInfo: "", unknownInfo: "", instructions: "", ...input.user };
  return {
    name: input.name,
    bucket: input.name.slice(0, cut),
    domain: input.domain,
    upstreamId: input.name.slice(cut + 2),
    description: input.description,
    successSignals: input.successSignals ?? (input.dbStateAssertions?.length ? ["db_state_match", "db_state_assertion", "clean_exit"] : ["db_state_match", "clean_exit"]),
    today: input.today ?? "2025-01-01",
    todayFromClock: input.todayFromClock ?? false,
    initialDbs: input.initialDbs,
    initializationActions: input.initializationActions ?? [],
    dbStateAssertions: input.dbStateAssertions ?? [],
    nlAssertions: input.nlAssertions ?? [],
    goldCalls: input.goldCalls,
    shippedExpectedDb: input.shippedExpectedDb ?? (() => undefined),
    agentPrompt: text(input.agentPrompt, `${input.policy ?? "You are a customer service agent."}\n\nToday is ${input.today ?? "2025-01-01"}.`),
    userPrompt: text(input.userPrompt, `You are a customer. ${user.goal}`),
    user,
    ...(input.graderNotes === undefined ? {} : { graderNotes: input.graderNotes }),
    ...(checks === undefined ? {} : { checks }),
    labels: input.labels ?? {},
  };
}
