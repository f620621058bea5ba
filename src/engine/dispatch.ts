/**
 * The one dispatch path. Gold replay, live runs and recorded replays all call
 * `dispatch`, so they cannot disagree about what a tool call does.
 */
import { produce } from "immer";
import type { z } from "zod";
import type { JsonObject, JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import type { Domain } from "./domain.js";
import { PyError } from "../python/error.js";
import { bindArguments } from "./binding/call-binding.js";
import { passesAsGiven } from "./binding/lax.js";
import { toPydanticErrors } from "./binding/pydantic-errors.js";
import type { Rng } from "./rng.js";
import { snapshot } from "./snapshot.js";
import type { ActionRecord, AnyToolDef, Side, ToolCall, ToolContext, ToolResult } from "./types.js";
import { isErrorResult } from "./types.js";
import type { NameSpace } from "./toolbox.js";
import { findTool, toolNames } from "./toolbox.js";
import { checkRecordShape } from "./record-shape.js";
import type { Workspace } from "./workspace.js";
import { withoutMarks } from "../json/marks.js";

/**
 * Everything a run (a conversation, a gold or recorded replay) changes: the
 * DBs, the action records, the call counters. Dispatch never changes a state
 * it is given, except through a workspace: while a run uses workspaces
 * (`DispatchEnv.workspaces`), its state's `dbs` are their live roots, which
 * the run's later calls change in place. The run seals them when it ends
 * (run-workspaces.ts), so a state a run returns is deep-frozen and changes no
 * more; an earlier state of the same run is not a snapshot of its moment.
 */
export interface RunState {
  readonly dbs: Readonly<Partial<Record<Side, JsonObject>>>;
  /** Action records, each stamped with the `side` that produced it. */
  readonly actions: readonly ActionRecord[];
  /** `_call_counts`, per side (each bot keeps its own `shared_state`). */
  readonly callCounts: Readonly<Partial<Record<Side, Readonly<Record<string, number>>>>>;
}

export interface DispatchEnv {
  readonly today: string;
  readonly rng: Rng;
  /** "llm" for calls a model made (live runs, chat transcripts); "records" (default) also accepts record names. */
  readonly names?: NameSpace;
  /**
   * A side's workspace (see workspace.ts): calls on the DB it holds run as
   * its transactions instead of immer producers, and the state returned
   * holds its live root. The caller seals it when the run ends.
   */
  readonly workspaces?: Readonly<Partial<Record<Side, Workspace>>>;
  /** Check action records' shape (the domain's `checkRecords`); set by `dispatch`. */
  readonly checkRecords?: boolean;
}

/**
 * `crashed`: the reference's tool raised one of the Python exceptions evalsim
 * models (a `PyError`), and the model reads `{"error": str(exc)}` as it would
 * there. Any other exception is a bug in evalsim or a broken fixture: dispatch
 * throws a `ToolBugError`, which errors the scenario instead of reaching the model.
 */
export type DispatchStatus = "ok" | "error" | "invalid_arguments" | "unknown_tool" | "crashed";

/**
 * A tool declared `kind: "read"` that changed its DB. The reference has no
 * such kinds; they are the author's declaration, which replays, the fuzzer
 * and the action checks trust, so a domain with authoring checks on
 * (`checkRecords`) refuses the call rather than keep the write.
 */
export class ReadToolWroteError extends Error {
  constructor(tool: string) {
    super(`tool '${tool}' is declared kind: "read" but changed the DB; declare it kind: "write" (and record what it did), or make it read only`);
    this.name = "ReadToolWroteError";
  }
}

/** An exception no reference behaviour accounts for, raised by a tool; `cause` is the original. */
export class ToolBugError extends Error {
  constructor(
    readonly tool: string,
    readonly side: Side,
    cause: unknown,
  ) {
    super(`tool ${tool} (${side}) raised an unexpected ${cause instanceof Error ? cause.name : typeof cause}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "ToolBugError";
    if (cause instanceof Error && cause.stack) this.stack = `${this.name}: ${this.message}\n${cause.stack}`;
  }
}

export interface DispatchOutcome {
  readonly state: RunState;
  readonly result: ToolResult;
  readonly status: DispatchStatus;
  readonly tool: AnyToolDef | undefined;
  /** Records this call appended (already stamped with `side`). */
  readonly records: readonly ActionRecord[];
  /** The tool is terminal and ends the conversation after this result. */
  readonly exit: boolean;
  /** A successful write: the engine syncs after it. */
  readonly wrote: boolean;
  /** For `crashed`: the Python exception the reference raises. */
  readonly error?: PyError;
  /**
   * For `crashed`: `binding` when Python refused the call itself
   * (`_execute(**arguments)`: not a mapping, a `self` key) before any tool code ran.
   */
  readonly raisedIn?: "binding" | "tool";
}

export function initialRunState(dbs: Partial<Record<Side, JsonObject>>): RunState {
  return { dbs, actions: [], callCounts: {} };
}

export function unknownToolResult(domain: Domain, side: Side, name: string): ToolResult {
  return {
    status: "error",
    error_type: "unknown_tool",
    message: `There is no tool named '${name}'. Use one of the available tools instead.`,
    available_tools: [...toolNames(domain, side)],
  };
}

function parseArguments(domain: Domain, tool: AnyToolDef, input: JsonObject): { ok: true; args: unknown } | { ok: false; result: ToolResult } {
  const schema = domain.unknownArgs === "reject" && !tool.ignoresArgs ? strictOf(tool.args) : tool.args;
  const parsed = schema.safeParse(withoutMarks(input));
  if (parsed.success) return { ok: true, args: withGivenValues(tool.args, parsed.data, input) };
  return { ok: false, result: domain.argumentError(tool, toPydanticErrors(parsed.error, input)) };
}

const givenKeysCache = new WeakMap<z.ZodType, readonly string[]>();

/** The parsed arguments, with the arguments declared `pyAnyDict` as given (parsing copied them without their float marks). */
function withGivenValues(schema: z.ZodType, data: unknown, input: JsonObject): unknown {
  let keys = givenKeysCache.get(schema);
  if (!keys) {
    const shape = (schema as z.ZodType & { shape?: Record<string, z.ZodType> }).shape ?? {};
    keys = Object.keys(shape).filter((k) => passesAsGiven(shape[k] as z.ZodType));
    givenKeysCache.set(schema, keys);
  }
  if (keys.length === 0 || !isJsonObject(data)) return data;
  const out = { ...(data) };
  for (const k of keys) if (Object.hasOwn(input, k)) out[k] = input[k] as JsonValue;
  return out;
}

const strictCache = new WeakMap<z.ZodType, z.ZodType>();
function strictOf(schema: z.ZodType): z.ZodType {
  let strict = strictCache.get(schema);
  if (!strict) {
    const maybeObject = schema as z.ZodType & { strict?: () => z.ZodType };
    strict = typeof maybeObject.strict === "function" ? maybeObject.strict() : schema;
    strictCache.set(schema, strict);
  }
  return strict;
}

function isEmptyDb(db: JsonObject | undefined): boolean {
  return db === undefined || Object.keys(db).length === 0;
}

type Execution =
  | { ok: true; result: ToolResult; nextDb: JsonObject; counts: Record<string, number>; pending: ActionRecord[] }
  | { ok: false; error: unknown; counts: Record<string, number> };

/**
 * Run the tool: reads straight on a frozen DB when they can, anything else
 * as a transaction of the side's workspace when the DB is its root, else on
 * an immer draft.
 */
function execute(tool: AnyToolDef, db: JsonObject | undefined, args: unknown, env: DispatchEnv, counts0: Readonly<Record<string, number>>, ws: Workspace | undefined): Execution {
  if (tool.kind === "read" && db !== undefined && Object.isFrozen(db)) {
    const direct = readOnFrozen(tool, db, args, env, counts0);
    if (direct) return direct;
  }
  if (ws !== undefined && db !== undefined && ws.root === db) return inWorkspace(tool, ws, args, env, counts0);
  const { ctx, counts, pending } = contextFor(tool, env.today, env.rng, counts0, env.checkRecords === true);
  let result: ToolResult = null;
  try {
    const start = db ?? {};
    const nextDb = produce(start, (draft) => {
      result = snapshot(tool.run(draft, args, ctx));
      for (let i = 0; i < pending.length; i++) pending[i] = snapshot(pending[i] as ActionRecord);
    });
    if (tool.kind === "read" && env.checkRecords === true && nextDb !== start) return { ok: false, error: new ReadToolWroteError(tool.name), counts };
    return { ok: true, result, nextDb, counts, pending };
  } catch (error) {
    return { ok: false, error, counts };
  }
}

/** A failed call (error result or exception) rolls back, as an immer producer's result would be dropped. */
function inWorkspace(tool: AnyToolDef, ws: Workspace, args: unknown, env: DispatchEnv, counts0: Readonly<Record<string, number>>): Execution {
  const { ctx, counts, pending } = contextFor(tool, env.today, env.rng, counts0, env.checkRecords === true);
  const draft = ws.begin();
  try {
    const result = snapshot(tool.run(draft, args, ctx));
    if (tool.kind === "read" && env.checkRecords === true && ws.changed) throw new ReadToolWroteError(tool.name);
    const records = pending.map((r) => snapshot(r));
    if (isErrorResult(result)) ws.rollback();
    else ws.commit();
    return { ok: true, result, nextDb: ws.root, counts, pending: records };
  } catch (error) {
    if (ws.inTransaction) ws.rollback();
    return { ok: false, error, counts };
  }
}

function contextFor(tool: AnyToolDef, today: string, rng: Rng, counts0: Readonly<Record<string, number>>, checkRecords: boolean): { ctx: ToolContext; counts: Record<string, number>; pending: ActionRecord[] } {
  const counts: Record<string, number> = { ...counts0 };
  const pending: ActionRecord[] = [];
  const ctx: ToolContext = {
    today,
    rng,
    nextCallIndex: (name) => (counts[name] = (counts[name] ?? 0) + 1),
    record: (action) => {
      if (checkRecords) checkRecordShape(tool, action);
      pending.push(action);
    },
  };
  return { ctx, counts, pending };
}

/** Thrown by the randomness a read gets on the frozen DB: drawing it means rerunning on a draft. */
const NEEDS_DRAFT = new Error("read tool drew randomness; rerun on a draft");
const needsDraft = (): never => {
  throw NEEDS_DRAFT;
};
const NO_RNG: Rng = { next: needsDraft, int: needsDraft, hex: needsDraft, fork: needsDraft };

/**
 * A read tool run on the DB itself, which is deep-frozen (fixtures are, and
 * immer freezes what it produces). On a draft, immer would copy every wide
 * table the tool looks into (copy on read) and copy the result out; here the
 * result shares the frozen DB. If the tool does anything but return (writes,
 * which a frozen object refuses with a throw; draws randomness; throws), the
 * attempt is dropped, counters and records included, and the call runs on a
 * draft like any other: the outcome is the same either way.
 */
function readOnFrozen(tool: AnyToolDef, db: JsonObject, args: unknown, env: DispatchEnv, counts0: Readonly<Record<string, number>>): Execution | undefined {
  const { ctx, counts, pending } = contextFor(tool, env.today, NO_RNG, counts0, env.checkRecords === true);
  try {
    const result = snapshot(tool.run(db, args, ctx));
    return { ok: true, result, nextDb: db, counts, pending: pending.map((r) => snapshot(r)) };
  } catch {
    return undefined;
  }
}

export function dispatch(domain: Domain, state: RunState, side: Side, call: ToolCall, env: DispatchEnv): DispatchOutcome {
  const tool = findTool(domain, side, call.name, env.names ?? "records");
  const base = { state, tool, records: [], exit: false, wrote: false } as const;
  if (!tool) return { ...base, status: "unknown_tool", result: unknownToolResult(domain, side, call.name) };

  const exitAlways = tool.exit === "always";
  const bound = bindArguments(domain, tool, side, call);
  // Raised before the tool runs: no exit, not even for tools that always exit.
  if (bound instanceof PyError) return { ...base, status: "crashed", result: { error: bound.message }, error: bound, raisedIn: "binding" };
  const parsed = parseArguments(domain, tool, bound);
  if (!parsed.ok) return { ...base, status: "invalid_arguments", result: parsed.result, exit: exitAlways };

  const db = state.dbs[side];
  if (tool.needsDb !== false && isEmptyDb(db)) return { ...base, status: "error", result: domain.dbNotInitialized(tool), exit: exitAlways };

  const runEnv = domain.checkRecords === true ? { ...env, checkRecords: true } : env;
  const run = execute(tool, db, parsed.args, runEnv, state.callCounts[side] ?? {}, env.workspaces?.[side]);
  // Counters live outside the DB and advance even when the call then fails.
  const withCounts: RunState = { ...state, callCounts: { ...state.callCounts, [side]: run.counts } };
  if (!run.ok) {
    const { error } = run;
    if (!(error instanceof PyError)) throw new ToolBugError(tool.name, side, error);
    // The reference delivers `{"error": ...}` and returns: its after-result hook (the exit) never runs.
    return { ...base, state: withCounts, status: "crashed", result: { error: error.message }, error, raisedIn: "tool" };
  }
  const { result, nextDb, pending } = run;

  if (isErrorResult(result)) {
    return { ...base, state: withCounts, status: "error", result, exit: exitAlways };
  }
  const records = pending.map((r) => (isJsonObject(r) ? { ...r, side } : r));
  return {
    state: { ...withCounts, dbs: { ...state.dbs, [side]: nextDb }, actions: [...state.actions, ...records] },
    result,
    status: "ok",
    tool,
    records,
    exit: tool.exit !== undefined,
    wrote: tool.kind === "write",
  };
}
