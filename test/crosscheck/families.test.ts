import { describe, expect, it } from "vitest";
import { FAMILIES, FamilyError, parseFamilies } from "../../src/crosscheck/families.js";

describe("--only: the crosscheck's families", () => {
  it("runs every family without --only, in the canonical order", () => {
    expect(parseFamilies(undefined)).toEqual([...FAMILIES]);
  });

  it("keeps the canonical order whatever order --only names them in", () => {
    expect(parseFamilies("surface, gold,scoring")).toEqual(["gold", "scoring", "surface"]);
  });

  it("refuses an unknown family and an empty list with one line naming the option", () => {
    expect(() => parseFamilies("gold,prompts")).toThrow(new FamilyError("--only: unknown family 'prompts' (expected gold, calls, delivery, scoring, surface)"));
    expect(() => parseFamilies(" , ")).toThrow(FamilyError);
    expect(() => parseFamilies(" , ")).toThrow(/^--only: expected a comma-separated list/);
  });
});
