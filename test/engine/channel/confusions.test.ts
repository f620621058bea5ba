import { describe, expect, it } from "vitest";
import { inflectionSlip, LETTER_CONFUSIONS, nameVariants, pick, pickWeighted, SOUND_ALIKES } from "../../../src/engine/channel/confusions.js";
import type { Rng } from "../../../src/engine/rng.js";

const fixed = (u: number, int = 0): Rng => {
  const rng: Rng = { next: () => u, int: () => int, hex: (n) => "0".repeat(n), fork: () => rng };
  return rng;
};

describe("nameVariants", () => {
  it("gives the observed spellings first, and only those, for a name from the real calls", () => {
    expect(nameVariants("Allen")).toEqual(["Alan", "Allan"]);
    expect(nameVariants("Thompson")).toEqual(["Thomson"]);
  });

  it("applies each sound-alike rule once to other names (expected values from Python's re)", () => {
    // Computed with the same rules in Python: re.sub(rule, repl, name[1:], count=1), the first letter kept.
    const cases: Record<string, string[]> = {
      Phillips: ["Philips", "Phillipse"],
      Jackson: ["Jacksen", "Jakson", "Jacksone"],
      Kimberley: ["Kimberly", "Kimberleie", "Kimberleye"],
      Stephanie: ["Stephannie", "Stephany", "Stefanie", "Stephani"],
      Martinez: ["Martinnez", "Martines", "Martineze"],
      Hansen: ["Hanson", "Hansene"],
      Sampson: ["Samson", "Sampsen", "Sampsone"],
      Reid: ["Ried", "Reide"],
      Li: ["Lie"],
    };
    for (const [name, variants] of Object.entries(cases)) expect(nameVariants(name), name).toEqual(variants);
  });

  it("never offers the name itself or an inherited property", () => {
    expect(nameVariants("constructor")).not.toContain("constructor");
    expect(nameVariants("Joe")).toEqual(["Jo"]);
  });
});

describe("inflectionSlip", () => {
  it("drops the inflection a recogniser misses, only on long enough words", () => {
    expect(inflectionSlip("times")).toBe("time");
    expect(inflectionSlip("returned")).toBe("return");
    expect(inflectionSlip("Booking")).toBe("Book");
    expect(inflectionSlip("class")).toBeUndefined(); // "ss" is not a plural
    expect(inflectionSlip("bags")).toBe("bag");
    expect(inflectionSlip("was")).toBeUndefined();
    expect(inflectionSlip("used")).toBeUndefined();
    expect(inflectionSlip("going")).toBeUndefined();
    expect(inflectionSlip("flight")).toBeUndefined();
  });
});

describe("tables", () => {
  it("pair letters with letters or digits, and sound-alikes never with themselves", () => {
    for (const [c, opts] of Object.entries(LETTER_CONFUSIONS)) {
      expect(c).toMatch(/^[A-Z0-9]$/);
      for (const [to, w] of opts) {
        expect(to).toMatch(/^[A-Z0-9]$/);
        expect(to).not.toBe(c);
        expect(w).toBeGreaterThan(0);
      }
    }
    for (const [w, alikes] of Object.entries(SOUND_ALIKES)) expect(alikes).not.toContain(w);
  });
});

describe("pickWeighted and pick", () => {
  it("choose by cumulative weight", () => {
    const opts = [["P", 7], ["D", 0.5]] as const;
    expect(pickWeighted(fixed(0), opts)).toBe("P");
    expect(pickWeighted(fixed(0.93), opts)).toBe("P"); // 6.975 < 7
    expect(pickWeighted(fixed(0.94), opts)).toBe("D"); // 7.05 ≥ 7
    expect(pickWeighted(fixed(0.999999), opts)).toBe("D");
  });

  it("pick the element the rng's integer names", () => {
    expect(pick(fixed(0, 2), ["a", "b", "c"])).toBe("c");
  });
});
