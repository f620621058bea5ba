/**
 * The tau2_telecom domain value: registered under its name, with the reference's tool
 * lists (plus EndConversationTool on the agent side) and the reference's
 * `_execute` for each tool: the agent's tools run through tau2_telecom_tools.py's `_Tau2InvokeMixin._execute` (the transfer through its own), the phone's through tau2_telecom_user_tools.py's.
 */
import { describe, expect, it } from "vitest";
import { registry } from "../../../src/domains/index.js";
import { tau2Telecom as domain } from "../../../src/domains/tau2_telecom/index.js";

function pythonExecute(name: string, side: "agent" | "user"): string | undefined {
  const tool = (domain.tools[side] ?? []).find((t) => t.name === name);
  if (tool === undefined) throw new Error(`no ${side} tool ${name}`);
  return domain.pythonExecute?.(tool, side);
}

describe("tau2_telecom", () => {
  it("is registered under its name", () => {
    expect(domain.name).toBe("tau2_telecom");
    expect(registry.domain("tau2_telecom")).toBe(domain);
  });

  it("has the reference's tools on each side, EndConversationTool last on the agent's", () => {
    expect(domain.tools.agent).toHaveLength(14);
    expect(domain.tools.agent.at(-1)?.name).toBe("EndConversationTool");
    expect(domain.tools.user).toHaveLength(30);
  });

  it("treats unknown arguments as the reference's parameter models do", () => {
    expect(domain.unknownArgs).toBe("reject");
  });

  it("names the reference's _execute of each tool", () => {
    expect(pythonExecute("get_customer_by_id", "agent")).toBe("nemo_voice_agent.evaluation.tools.tau2_telecom_tools._Tau2InvokeMixin._execute");
    expect(pythonExecute("transfer_to_human_agents", "agent")).toBe("nemo_voice_agent.evaluation.tools.tau2_telecom_tools.TransferToHumanAgentsTool._execute");
    expect(pythonExecute("check_status_bar", "user")).toBe("nemo_voice_agent.evaluation.tools.tau2_telecom_user_tools._Tau2InvokeMixin._execute");
  });
});
