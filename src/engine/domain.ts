import type { JsonObject, JsonValue } from "../json/types.js";
import type { DomainFixtures } from "./data-checks/layout.js";
import type { PydanticError } from "./binding/pydantic-errors.js";
import type { ActionRecord, AnyToolDef, Side, ToolResult } from "./types.js";
import type { Scenario } from "./scenario.js";
import type { FuzzProfile } from "./fuzz-profile.js";
import type { KnownDivergence } from "../loaders/known-divergences.js";
import type { PolicyRule } from "./policy-rule.js";

/**
 * Where a registry's functions live in the reference: the domain they are
 * registered under and the Python module that defines them. Both appear in
 * the reference's error messages.
 */
export interface RegistryOrigin {
  readonly domain: string;
  readonly module: string;
}

/** A delta per side: `{ "surroundings.line_active": true, "bills[B1].status": "Paid" }`. */
export type SideDeltas = Partial<Record<Side, JsonObject>>;

/** Sync between the two sides' DBs (telecom). Both functions mutate drafts in place. */
export interface SyncSpec {
  /** Bring both DBs into agreement, mutating both, and return what changed per side. */
  sync(agentDb: JsonObject, userDb: JsonObject): SideDeltas;
  /** Apply one side's delta to that side's DB; returns error messages for keys that failed. */
  applyDelta(db: JsonObject, delta: JsonObject): string[];
}

/** `(db, **args) -> None`; throws `InitFunctionError` (or any error) on failure. */
export type InitFunction = (db: JsonObject, args: JsonObject, ctx: InitContext) => void;
/** What an init function may read besides the DB and its arguments: the scenario's date. */
export interface InitContext {
  readonly today: string;
}

/** `(db, **args) -> value`; compared with `assert_value` by Python's `==` (so `1 == 1.0 == True`, and `1 != "1"`). */
export type Predicate = (db: JsonObject, args: JsonObject) => JsonValue;

/** How the reference reports arguments its parameter model rejects. */
export type ArgumentErrorFormatter = (tool: AnyToolDef, errors: PydanticError[]) => ToolResult;

/**
 * A difference the domain's author documents and accepts, in the shape of
 * `data/known-divergences.json`'s entries: a `validate-fixtures` finding
 * whose defect id is `id` (such as `<domain>:passes-on-inaction`), or a
 * `gold`/`run` failure of `scenario` of that `kind`, is then reported as
 * known instead of failing.
 */
export type DomainDivergence = KnownDivergence;

/** Everything evalsim knows about one suite: its sides, tools, scenarios and whatever else decides a verdict. The engine never branches on a domain's name. */
export interface Domain {
  readonly name: string;
  /** The tools of each side. A domain without a user side leaves `user` out. */
  readonly tools: { readonly agent: readonly AnyToolDef[]; readonly user?: readonly AnyToolDef[] };
  /** eva drops unknown arguments silently; tau2 rejects them. */
  readonly unknownArgs: "drop" | "reject";
  /**
   * Authoring checks made as tools run: each action record's shape
   * (record-shape.ts), and that a tool declared `kind: "read"` leaves its DB
   * unchanged (engine/dispatch.ts). `defineDomain` turns them on, as an
   * authoring aid; the reference itself accepts any dict and has no tool
   * kinds, so domains that mirror it (the built-in ones, which pass
   * `checkRecords: false`, and its own unit tests' fake tools) leave them
   * off. A write through a DB object kept from an earlier call is refused
   * for every domain (engine/workspace.ts): it would go nowhere.
   */
  readonly checkRecords?: boolean;
  readonly argumentError: ArgumentErrorFormatter;
  /**
   * The reference's `_execute` of a tool, as `module.qualname`: the reference
   * calls `_execute(**(arguments or {}))`, and the TypeErrors of that call
   * (arguments that are not a mapping, an argument named `self`) name it.
   * Default: `<tool name>._execute`.
   */
  readonly pythonExecute?: (tool: AnyToolDef, side: Side) => string;
  /** The result for a call made while the side's DB is missing or empty. */
  readonly dbNotInitialized: (tool: AnyToolDef) => ToolResult;
  readonly initFunctions?: Readonly<Record<string, InitFunction>>;
  readonly predicates?: Readonly<Record<string, Predicate>>;
  readonly sync?: SyncSpec;
  /** The registry domain and module the reference's init/predicate messages name. */
  readonly messageOrigins?: { readonly init: RegistryOrigin; readonly predicates: RegistryOrigin };
  /** What `evalsim fuzz` needs beyond the tool schemas and the DBs (see fuzz-profile.ts). */
  readonly fuzz?: FuzzProfile;
  /** Its fixture folder: files and schemas, id rules and checks for `validate-fixtures`, its own data root. */
  readonly fixtures?: DomainFixtures;
  /** Differences the domain's author accepts on purpose (validate-fixtures findings, gold or run failures). */
  readonly knownDivergences?: readonly DomainDivergence[];
  /**
   * The rules of the domain's policy that a tool call, the DB just before it
   * and the scenario decide (policy-rule.ts): `evalsim audit --policy` checks
   * gold calls against them, and every run reports the agent's violations.
   */
  readonly policyRules?: readonly PolicyRule[];
  /** Every scenario of the domain, derived from the fixtures under `dataRoot`. */
  scenarios(dataRoot: string): readonly Scenario[];
}

export type { ActionRecord };
