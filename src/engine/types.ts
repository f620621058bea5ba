import type { z } from "zod";
import type { JsonObject, JsonValue } from "../json/types.js";
import type { Rng } from "./rng.js";

/** The two sides of a conversation, each with its own tools and (in dual-side domains) its own DB. */
export type Side = "agent" | "user";
/** Both sides, agent first. */
export const SIDES: readonly Side[] = ["agent", "user"];

/** What a tool returns: any JSON value (dicts, lists, plain strings). */
export type ToolResult = JsonValue;

/** An action record, exactly as the reference's `_record_action` appends it. */
export type ActionRecord = JsonObject;

/** The services a tool handler may use. Everything non-pure is injected here. */
export interface ToolContext {
  /** The scenario's "today", `YYYY-MM-DD` (eva `_current_date`, telecom clock). */
  readonly today: string;
  /** `_next_call_index(tool)`: one counter per name, from 1, kept outside the DB. */
  nextCallIndex(tool: string): number;
  /** Seeded randomness, for the few ids the reference draws at random. */
  readonly rng: Rng;
  /** `_record_action(rec)`: kept only if the call succeeds. */
  record(action: ActionRecord): void;
}

/**
 * A tool is data. `run` mutates an immer draft of its side's DB and returns
 * the result. A result of the form `{status: "error", ...}` discards the draft
 * and any recorded actions, so a failed call never changes the DB.
 */
export interface ToolDef<S extends z.ZodType = z.ZodType> {
  /** The LLM-visible function name and registry key. */
  readonly name: string;
  /** Other names accepted in call lists and gold data (upstream snake_case names); never on the model path. */
  readonly aliases?: readonly string[];
  /** The name in action records, used to look tools up on replay (tau2 snake_case). */
  readonly actionName?: string;
  readonly description: string;
  readonly args: S;
  readonly kind: "read" | "write";
  /** Terminal tools end the conversation: always, or only when the call succeeded. */
  readonly exit?: "always" | "on_success";
  /** Accept and ignore any arguments, even where the domain rejects unknown ones. */
  readonly ignoresArgs?: boolean;
  /**
   * The keys that open each node of the parameter schema the model reads, where
   * the reference's hand-written schema orders them differently from zod
   * (default `type`, `enum`; the rest follow in zod's order).
   */
  readonly schemaKeyOrder?: readonly string[];
  /** False for tools that work without a DB (end_conversation, calculate). */
  readonly needsDb?: boolean;
  /**
   * The reference's `_execute` as `module.qualname`, when the domain's default
   * (`Domain.pythonExecute`) does not fit; Python's TypeErrors name it.
   */
  readonly pythonExecute?: string;
  run(db: JsonObject, args: z.output<S>, ctx: ToolContext): ToolResult;
}

/** Erase the argument type so tools of one family can live in one list. */
export type AnyToolDef = ToolDef<z.ZodType>;

/** A tool as data: its name, description, zod schema for the arguments and a handler that works on a draft of its side's DB. */
export function defineTool<S extends z.ZodType>(tool: ToolDef<S>): AnyToolDef {
  return tool;
}

/** True for the reference's error results (`{status: "error", ...}`). */
export function isErrorResult(result: ToolResult): boolean {
  return typeof result === "object" && result !== null && !Array.isArray(result) && result["status"] === "error";
}

/** A tool call as an LLM or a gold trajectory issues it. */
export interface ToolCall {
  readonly name: string;
  readonly arguments: JsonValue;
  /** The arguments text was a bare float (`2.0`), which `arguments` alone cannot tell from the int 2. */
  readonly argumentsFloat?: true;
  readonly side?: Side;
  /** The id the model gave the call, kept in the transcript next to the conversation's own. */
  readonly modelCallId?: string;
}
