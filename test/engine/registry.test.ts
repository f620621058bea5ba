import { describe, expect, it } from "vitest";
import { createRegistry, indexScenarios } from "../../src/engine/registry.js";
import { tinyDomain } from "../helpers/tiny-domain.js";

describe("createRegistry", () => {
  it("keeps the domains in the order given and finds them by name", () => {
    const a = tinyDomain("a_shop");
    const b = tinyDomain("b_shop");
    const r = createRegistry([b, a]);
    expect(r.domains.map((d) => d.name)).toEqual(["b_shop", "a_shop"]);
    expect(r.domain("a_shop")).toBe(a);
    expect(r.domain("c_shop")).toBeUndefined();
  });

  it("refuses a name registered twice", () => {
    expect(() => createRegistry([tinyDomain("shop"), tinyDomain("shop")])).toThrow("duplicate domain 'shop' in registry");
  });

  it("does not find inherited names", () => {
    expect(createRegistry([tinyDomain("shop")]).domain("constructor")).toBeUndefined();
  });
});

describe("indexScenarios", () => {
  it("indexes by name and refuses a repeated name", () => {
    const [one, two] = tinyDomain("shop").scenarios("");
    expect([...indexScenarios([one!, two!]).keys()]).toEqual(["shop__one", "shop__two"]);
    expect(() => indexScenarios([one!, one!])).toThrow("duplicate scenario name 'shop__one'");
  });
});
