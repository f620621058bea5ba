import type { ActionRecord, ToolContext } from "../../../engine/types.js";
import type { JsonObject } from "../../../json/types.js";

/** Record a telecom action: `action_type` and `name` are both the tool's snake_case name. */
export function recordAction(ctx: ToolContext, name: string, args: JsonObject, result: JsonObject): void {
  const action: ActionRecord = { action_type: name, name, arguments: args, result };
  ctx.record(action);
}
