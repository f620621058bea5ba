/**
 * The tau2 airline/retail error results (`validation_error_response`,
 * `_db_not_initialized` in tau2_*_tools.py) and the reference's `_execute`
 * of each tool.
 */
import { describe, expect, it } from "vitest";
import { tau2ArgumentError, tau2DbNotInitialized, tau2PythonExecute } from "../../../src/domains/tau2_common/argument-error.js";
import { tau2RetailAgentTools } from "../../../src/domains/tau2_retail/tools/index.js";

const tool = (name: string) => {
  const t = tau2RetailAgentTools.find((x) => x.name === name);
  if (t === undefined) throw new Error(name);
  return t;
};

describe("tau2ArgumentError", () => {
  it("lists pydantic's errors as details, the location joined with dots", () => {
    expect(
      tau2ArgumentError(tool("GetOrderDetailsTool"), [
        { loc: ["order_id"], type: "string_type", msg: "Input should be a valid string", input: 3 },
        { loc: ["item_ids", 1], type: "missing", msg: "Field required" },
      ]),
    ).toEqual({
      status: "error",
      error_type: "validation_error",
      message: "Tool arguments failed validation.",
      details: [
        { field: "order_id", error: "Input should be a valid string", type: "string_type" },
        { field: "item_ids.1", error: "Field required", type: "missing" },
      ],
    });
  });
});

describe("tau2DbNotInitialized", () => {
  it("is the reference's fixture-loading error", () => {
    expect(tau2DbNotInitialized()).toEqual({
      status: "error",
      error_type: "db_not_initialized",
      message: "Scenario database not loaded. This indicates a fixture-loading bug.",
    });
  });
});

describe("tau2PythonExecute", () => {
  it("names the module's invoke mixin, or the transfer tool's own _execute", () => {
    const execute = tau2PythonExecute("tau2_retail_tools", "TransferToHumanAgentsTool");
    expect(execute(tool("GetOrderDetailsTool"))).toBe("nemo_voice_agent.evaluation.tools.tau2_retail_tools._Tau2InvokeMixin._execute");
    expect(execute(tool("TransferToHumanAgentsTool"))).toBe("nemo_voice_agent.evaluation.tools.tau2_retail_tools.TransferToHumanAgentsTool._execute");
  });
});
