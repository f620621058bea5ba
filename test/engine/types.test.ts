import { z } from "zod";
import { describe, expect, it } from "vitest";
import { defineTool, isErrorResult, SIDES } from "../../src/engine/types.js";

describe("engine types", () => {
  it("an error result is a dict whose status is \"error\", as the reference's tools return them", () => {
    expect(isErrorResult({ status: "error", message: "no such order" })).toBe(true);
    expect(isErrorResult({ status: "success" })).toBe(false);
    expect(isErrorResult({ error: "raised" })).toBe(false);
    expect(isErrorResult([{ status: "error" }])).toBe(false);
    expect(isErrorResult("error")).toBe(false);
    expect(isErrorResult(null)).toBe(false);
  });

  it("defineTool keeps the tool as given (a tool is data), and the sides are the agent's then the user's", () => {
    const tool = { name: "t", description: "d", args: z.object({ n: z.number() }), kind: "read" as const, run: () => 1 };
    expect(defineTool(tool)).toBe(tool);
    expect(SIDES).toEqual(["agent", "user"]);
  });
});
