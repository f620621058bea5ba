/**
 * The tau2_retail domain value: registered under its name, with the reference's tool
 * lists (plus EndConversationTool on the agent side) and the reference's
 * `_execute` for each tool: tau2_retail_tools.py runs every tool through `_Tau2InvokeMixin._execute` except the transfer, which has its own.
 */
import { describe, expect, it } from "vitest";
import { registry } from "../../../src/domains/index.js";
import { tau2Retail as domain } from "../../../src/domains/tau2_retail/index.js";

function pythonExecute(name: string, side: "agent" | "user"): string | undefined {
  const tool = (domain.tools[side] ?? []).find((t) => t.name === name);
  if (tool === undefined) throw new Error(`no ${side} tool ${name}`);
  return domain.pythonExecute?.(tool, side);
}

describe("tau2_retail", () => {
  it("is registered under its name", () => {
    expect(domain.name).toBe("tau2_retail");
    expect(registry.domain("tau2_retail")).toBe(domain);
  });

  it("has the reference's tools on each side, EndConversationTool last on the agent's", () => {
    expect(domain.tools.agent).toHaveLength(17);
    expect(domain.tools.agent.at(-1)?.name).toBe("EndConversationTool");
    expect(domain.tools.user).toBeUndefined();
  });

  it("treats unknown arguments as the reference's parameter models do", () => {
    expect(domain.unknownArgs).toBe("reject");
  });

  it("names the reference's _execute of each tool", () => {
    expect(pythonExecute("GetOrderDetailsTool", "agent")).toBe("nemo_voice_agent.evaluation.tools.tau2_retail_tools._Tau2InvokeMixin._execute");
    expect(pythonExecute("TransferToHumanAgentsTool", "agent")).toBe("nemo_voice_agent.evaluation.tools.tau2_retail_tools.TransferToHumanAgentsTool._execute");
  });
});
