/**
 * How the telecom tools report bad arguments and a missing DB. Both sides
 * return `str(ValidationError)` of the tool's pydantic parameter model; the
 * DB message names the side.
 */
import type { ArgumentErrorFormatter } from "../../engine/domain.js";
import type { AnyToolDef, ToolResult } from "../../engine/types.js";
import { telecomUserTools } from "./tools/index.js";
import { invalidArguments } from "./validation-message.js";

/** Every telecom parameter model is its tool's name in PascalCase plus `Params` (`get_customer_by_id` → `GetCustomerByIdParams`). */
export function paramsModelName(toolName: string): string {
  const pascal = toolName
    .split("_")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");
  return `${pascal}Params`;
}

export const telecomArgumentError: ArgumentErrorFormatter = (tool, errors) => invalidArguments(paramsModelName(tool.name), errors);

export function telecomDbNotInitialized(tool: AnyToolDef): ToolResult {
  const side = telecomUserTools.includes(tool) ? "user" : "agent";
  return {
    status: "error",
    error_type: "db_not_initialized",
    message: `Scenario ${side}-side database not loaded. This indicates a fixture-loading bug.`,
  };
}
