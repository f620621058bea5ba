/**
 * The eva_airline domain value: registered under its name, with the reference's tool
 * lists (plus EndConversationTool on the agent side) and the reference's
 * `_execute` for each tool: eva's tools drop unknown arguments (pydantic's default `extra='ignore'`); each tool class defines its own `_execute` in eva_airline_tools.py.
 */
import { describe, expect, it } from "vitest";
import { registry } from "../../../src/domains/index.js";
import { evaAirline as domain } from "../../../src/domains/eva_airline/index.js";

function pythonExecute(name: string, side: "agent" | "user"): string | undefined {
  const tool = (domain.tools[side] ?? []).find((t) => t.name === name);
  if (tool === undefined) throw new Error(`no ${side} tool ${name}`);
  return domain.pythonExecute?.(tool, side);
}

describe("eva_airline", () => {
  it("is registered under its name", () => {
    expect(domain.name).toBe("eva_airline");
    expect(registry.domain("eva_airline")).toBe(domain);
  });

  it("has the reference's tools on each side, EndConversationTool last on the agent's", () => {
    expect(domain.tools.agent).toHaveLength(16);
    expect(domain.tools.agent.at(-1)?.name).toBe("EndConversationTool");
    expect(domain.tools.user).toBeUndefined();
  });

  it("treats unknown arguments as the reference's parameter models do", () => {
    expect(domain.unknownArgs).toBe("drop");
  });

  it("names the reference's _execute of each tool", () => {
    expect(pythonExecute("GetReservationTool", "agent")).toBe("nemo_voice_agent.evaluation.tools.eva_airline_tools.GetReservationTool._execute");
  });
});
