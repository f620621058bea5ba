/**
 * The reference calls a tool as `self._execute(**(params.arguments or {}))`.
 * Before any argument validation, Python itself rejects two shapes with a
 * TypeError, which the tool's caller turns into `{"error": str(e)}`:
 * arguments that are truthy but not a mapping, and an argument named `self`.
 * Falsy arguments (`null`, `[]`, `""`, `0`, `false`) mean no arguments.
 */
import { isJsonObject, type JsonObject } from "../../json/types.js";
import { PyError } from "../../python/error.js";
import { pyTypeName, truthy } from "../../python/semantics.js";
import type { Domain } from "../domain.js";
import type { AnyToolDef, Side, ToolCall } from "../types.js";

/** `module.qualname` of the tool's `_execute` in the reference. */
export function pythonExecuteName(domain: Domain, tool: AnyToolDef, side: Side): string {
  return tool.pythonExecute ?? domain.pythonExecute?.(tool, side) ?? `${tool.name}._execute`;
}

/** The keyword arguments `_execute` receives, or the TypeError Python raises binding them. */
export function bindArguments(domain: Domain, tool: AnyToolDef, side: Side, call: ToolCall): JsonObject | PyError {
  const raw = call.arguments;
  if (!truthy(raw)) return {};
  const name = pythonExecuteName(domain, tool, side);
  if (!isJsonObject(raw)) {
    // `f(**x)` names the function with its module (`_PyObject_FunctionStr`).
    const type = call.argumentsFloat ? "float" : pyTypeName(raw);
    return new PyError("TypeError", `${name}() argument after ** must be a mapping, not ${type}`);
  }
  if (Object.hasOwn(raw, "self")) {
    // Binding errors name the code object's qualname only.
    const qualname = name.split(".").slice(-2).join(".");
    return new PyError("TypeError", `${qualname}() got multiple values for argument 'self'`);
  }
  return raw;
}
