/**
 * What the LLMs see of the telecom tools, against reference-tool-schemas.json
 * (dumped from the NeMo reference tool classes: `name`, `description`,
 * `properties`, `required_properties`, whether the class records actions, and
 * its `PARAMS_MODEL` class name).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { paramsModelName, telecomDbNotInitialized } from "../../../src/domains/tau2_telecom/errors.js";
import { telecomAgentTools, telecomUserTools } from "../../../src/domains/tau2_telecom/tools/index.js";
import { toolParametersSchema } from "../../../src/engine/json-schema.js";
import type { AnyToolDef } from "../../../src/engine/types.js";
import type { JsonObject } from "../../../src/json/types.js";

interface ReferenceSchema {
  name: string;
  description: string;
  properties: Record<string, { type: string; description: string }>;
  required: string[];
  kind: "read" | "write";
  params_model: string;
}

const reference = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), "reference-tool-schemas.json"), "utf8"),
) as { agent: ReferenceSchema[]; user: ReferenceSchema[] };

function byName(tools: readonly AnyToolDef[], name: string): AnyToolDef {
  const tool = tools.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool;
}

describe("telecom tool surfaces", () => {
  it("agent side: the 13 reference tools plus EndConversationTool", () => {
    expect(telecomAgentTools.map((t) => t.name)).toEqual([...reference.agent.map((r) => r.name), "EndConversationTool"]);
  });

  it("user side: the 30 reference phone tools, in the reference's order (run_speed_test after check_payment_request)", () => {
    expect(telecomUserTools.map((t) => t.name)).toEqual(reference.user.map((r) => r.name));
  });

  for (const side of ["agent", "user"] as const) {
    const tools = side === "agent" ? telecomAgentTools : telecomUserTools;
    for (const ref of reference[side]) {
      it(`${side} ${ref.name}: description, parameters, kind, parameter model`, () => {
        const tool = byName(tools, ref.name);
        expect(tool.description).toBe(ref.description);
        expect(tool.kind).toBe(ref.kind);
        expect(tool.actionName ?? tool.name).toBe(ref.name);
        expect(paramsModelName(tool.name)).toBe(ref.params_model);
        const params = toolParametersSchema(tool);
        const properties = params["properties"] as Record<string, JsonObject>;
        // The whole text, key order included: a free-form dict is a bare {type, description}.
        expect(JSON.stringify(properties)).toBe(JSON.stringify(ref.properties));
        expect(params["required"]).toEqual(ref.required);
      });
    }
  }

  it("only transfer_to_human_agents ends the conversation, whatever its result", () => {
    const exits = [...telecomAgentTools, ...telecomUserTools].filter((t) => t.exit !== undefined).map((t) => [t.name, t.exit]);
    expect(exits).toEqual([
      ["transfer_to_human_agents", "always"],
      ["EndConversationTool", "always"],
    ]);
  });

  it("names the side in the missing-DB error", () => {
    // Messages from tau2_telecom_tools.py / tau2_telecom_user_tools.py `_db_not_initialized`.
    expect(telecomDbNotInitialized(byName(telecomAgentTools, "get_customer_by_id"))).toEqual({
      status: "error",
      error_type: "db_not_initialized",
      message: "Scenario agent-side database not loaded. This indicates a fixture-loading bug.",
    });
    expect(telecomDbNotInitialized(byName(telecomUserTools, "toggle_data"))).toEqual({
      status: "error",
      error_type: "db_not_initialized",
      message: "Scenario user-side database not loaded. This indicates a fixture-loading bug.",
    });
  });
});
