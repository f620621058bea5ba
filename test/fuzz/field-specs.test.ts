import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool } from "../../src/engine/types.js";
import { descriptionLiterals, singular, toolFields } from "../../src/fuzz/field-specs.js";

describe("descriptionLiterals", () => {
  it("reads quoted literals and 'one of' / parenthesised lists", () => {
    expect(descriptionLiterals("The cabin, one of: basic_economy, economy or business.")).toEqual(["basic_economy", "economy", "business"]);
    expect(descriptionLiterals("The status ('pending', 'delivered').")).toEqual(["pending", "delivered"]);
    expect(descriptionLiterals("Type (round_trip, one_way)")).toEqual(["round_trip", "one_way"]);
  });

  it("keeps only plain tokens from lists and nothing from prose", () => {
    expect(descriptionLiterals("The user id, such as 'sara_doe_496'.")).toEqual(["sara_doe_496"]);
    expect(descriptionLiterals("A date (YYYY-MM-DD, local time)")).toEqual([]);
    expect(descriptionLiterals("Plain text without literals.")).toEqual([]);
  });
});

describe("singular", () => {
  it("names one element of a list field", () => {
    expect(singular("item_ids")).toBe("item_id");
    expect(singular("passengers")).toBe("passenger");
    expect(singular("categories")).toBe("category");
    expect(singular("status")).toBe("statu");
    expect(singular("cabin")).toBe("cabin");
  });
});

describe("toolFields", () => {
  const tool = defineTool({
    name: "book",
    description: "Book.",
    kind: "write",
    args: z.object({
      user_id: z.string().describe("The user id, such as 'sara_doe_496'."),
      cabin: z.enum(["economy", "business"]),
      passengers: z.array(z.object({ first_name: z.string(), dob: z.string().optional() })),
      insurance: z.boolean().optional(),
      count: z.number().int().nullable(),
    }),
    run: () => "ok",
  });

  it("reads names, types, required and literals from the model's schema", () => {
    const fields = toolFields(tool);
    expect(fields.map((f) => [f.name, f.types, f.required, f.literals])).toEqual([
      ["user_id", ["string"], true, ["sara_doe_496"]],
      ["cabin", ["string"], true, ["economy", "business"]],
      ["passengers", ["array"], true, []],
      ["insurance", ["boolean"], false, []],
      ["count", ["integer", "null"], true, []],
    ]);
  });

  it("describes list items under the field's singular name, with their own properties", () => {
    const items = toolFields(tool)[2]?.items;
    expect(items?.name).toBe("passenger");
    expect(items?.types).toEqual(["object"]);
    expect(items?.properties?.map((p) => [p.name, p.types, p.required])).toEqual([
      ["first_name", ["string"], true],
      ["dob", ["string"], false],
    ]);
  });

  it("reads a tool's schema once", () => {
    expect(toolFields(tool)).toBe(toolFields(tool));
  });
});
