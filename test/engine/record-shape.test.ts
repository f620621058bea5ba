import { z } from "zod";
import { describe, expect, it } from "vitest";
import { checkRecordShape, RecordShapeError } from "../../src/engine/record-shape.js";
import { defineTool } from "../../src/engine/types.js";

const refill = defineTool({ name: "RequestRefillTool", aliases: ["refill"], actionName: "request_refill", description: "x", args: z.object({}), kind: "write", run: () => ({}) });
const hint = `record ctx.record({ action_type: "<tool>", name: "<tool>", arguments: {...}, result: {...} }) (see "Action records" in docs/authoring-domains.md)`;

describe("checkRecordShape", () => {
  it("accepts a record naming the tool by its name, an alias or its record name, with name and arguments, or flat", () => {
    for (const type of ["RequestRefillTool", "refill", "request_refill"]) expect(() => checkRecordShape(refill, { action_type: type, name: type, arguments: { rx_id: "RX1" }, result: {} })).not.toThrow();
    expect(() => checkRecordShape(refill, { action_type: "request_refill", rx_id: "RX1" })).not.toThrow();
  });

  it("names the tool, what is wrong and the fix", () => {
    expect(() => checkRecordShape(refill, ["x"])).toThrow(RecordShapeError);
    expect(() => checkRecordShape(refill, ["x"])).toThrow(`tool 'RequestRefillTool': ctx.record: expected an object, got ["x"]; ${hint}`);
    expect(() => checkRecordShape(refill, { action_type: "cancel" })).toThrow(`tool 'RequestRefillTool': ctx.record: action_type "cancel" does not name the tool (expected 'RequestRefillTool' or 'refill' or 'request_refill'); ${hint}`);
    expect(() => checkRecordShape(refill, { action_type: "refill", name: "request_refill", arguments: {} })).toThrow(`name "request_refill" differs from action_type 'refill'`);
    expect(() => checkRecordShape(refill, { action_type: "refill", name: "refill", arguments: [1] })).toThrow("arguments: expected the call's arguments as an object, got [1]");
    expect(() => checkRecordShape(refill, { action_type: "refill", name: "refill" })).toThrow("arguments: expected the call's arguments as an object, got undefined");
  });
});
