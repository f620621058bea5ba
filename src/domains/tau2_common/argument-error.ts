import type { ArgumentErrorFormatter } from "../../engine/domain.js";
import type { AnyToolDef, ToolResult } from "../../engine/types.js";

/** tau2 airline/retail `validation_error_response`: pydantic errors as `details`. */
export const tau2ArgumentError: ArgumentErrorFormatter = (_tool, errors) => ({
  status: "error",
  error_type: "validation_error",
  message: "Tool arguments failed validation.",
  details: errors.map((e) => ({ field: e.loc.map(String).join("."), error: e.msg, type: e.type })),
});

export function tau2DbNotInitialized(): ToolResult {
  return { status: "error", error_type: "db_not_initialized", message: "Scenario database not loaded. This indicates a fixture-loading bug." };
}

const TOOLS_PACKAGE = "nemo_voice_agent.evaluation.tools";

/**
 * The reference's `_execute` of a tau2 tool: the module's invoke mixin, or the
 * transfer tool's own (see `Domain.pythonExecute`).
 */
export function tau2PythonExecute(module: string, transferTool: string) {
  return (tool: AnyToolDef): string =>
    tool.name === transferTool ? `${TOOLS_PACKAGE}.${module}.TransferToHumanAgentsTool._execute` : `${TOOLS_PACKAGE}.${module}._Tau2InvokeMixin._execute`;
}
