import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toolParametersSchema, toolSpec } from "../../src/engine/json-schema.js";
import { defineTool } from "../../src/engine/types.js";

const tool = defineTool({
  name: "book",
  description: "Book a room.",
  args: z.object({ room: z.string(), nights: z.number().int(), note: z.string().optional() }),
  kind: "write",
  run: () => null,
});

describe("JSON schema from the zod schema", () => {
  it("has the properties, the required ones, and no int64 bounds or $schema", () => {
    expect(toolParametersSchema(tool)).toEqual({
      type: "object",
      properties: { room: { type: "string" }, nights: { type: "integer" }, note: { type: "string" } },
      required: ["room", "nights"],
    });
  });

  it("gives an argument-less tool empty properties and required lists", () => {
    const none = defineTool({ name: "end", description: "", args: z.object({}), kind: "read", ignoresArgs: true, run: () => null });
    expect(toolParametersSchema(none)).toEqual({ type: "object", properties: {}, required: [] });
  });

  it("makes one frozen function spec per tool", () => {
    const spec = toolSpec(tool);
    expect(spec).toBe(toolSpec(tool));
    expect(Object.isFrozen(spec)).toBe(true);
    expect(spec).toMatchObject({ type: "function", function: { name: "book", description: "Book a room." } });
  });
});
