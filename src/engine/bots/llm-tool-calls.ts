/**
 * From a model's tool call to something the conversation can dispatch, or to
 * the error the model is shown instead.
 *
 * The reference's framework treats an empty argument string as `{}`; any
 * other JSON value is dispatched as it is, and dispatch applies the
 * reference's `_execute(**(arguments or {}))` (falsy means no arguments, a
 * truthy non-object is Python's TypeError). Arguments that are not JSON are
 * never dispatched: the model gets an `invalid_arguments` error for that call
 * id and carries on. (The reference framework silently drops such a call,
 * which the model cannot act on.)
 */
import { parsePythonJson } from "../../json/parse.js";
import type { JsonValue } from "../../json/types.js";
import type { ToolCall, ToolResult } from "../types.js";

export type PlannedCall =
  | { readonly kind: "dispatch"; readonly id: string; readonly call: ToolCall }
  | { readonly kind: "reject"; readonly id: string; readonly name: string; readonly result: ToolResult };

export function invalidArgumentsResult(message: string): ToolResult {
  return { status: "error", error_type: "invalid_arguments", message };
}

/** `modelId`: the id the model itself gave the call, if any (kept in the transcript). */
export function planToolCall(id: string, name: string, rawArguments: string, modelId?: string): PlannedCall {
  const own = modelId ? { modelCallId: modelId } : {};
  let args: JsonValue;
  try {
    args = parsePythonJson(rawArguments === "" ? "{}" : rawArguments);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return {
      kind: "reject",
      id,
      name,
      result: invalidArgumentsResult(`The arguments of this '${name}' call are not valid JSON (${why}). Call the tool again with its arguments as a JSON object.`),
    };
  }
  return { kind: "dispatch", id, call: { name, arguments: args, ...own } };
}
