import { describe, expect, it } from "vitest";
import { domainsFor, loadCatalog, SelectionError, selectScenarios } from "../../src/engine/catalog.js";
import type { Domain } from "../../src/engine/domain.js";
import { createRegistry } from "../../src/engine/registry.js";
import { tinyDomain } from "../helpers/tiny-domain.js";

// Domains without a fixture folder: the catalog needs no data root for them.
const shop = tinyDomain("shop");
const shopPlus = tinyDomain("shop_plus");
const registry = createRegistry([shop, shopPlus]);
const catalog = loadCatalog(registry, {});

describe("loadCatalog", () => {
  it("holds every scenario of every domain, in registry order", () => {
    expect(catalog.entries.map((e) => `${e.domain.name}:${e.scenario.name}`)).toEqual([
      "shop:shop__one",
      "shop:shop__two",
      "shop_plus:shop_plus__one",
      "shop_plus:shop_plus__two",
    ]);
    expect(catalog.byName.get("shop_plus__two")?.domain).toBe(shopPlus);
  });

  it("refuses one scenario name in two domains", () => {
    // `shop` may hold a `shop_plus` bucket (as tau2_telecom holds tau2_telecom_workflow), so the names can meet.
    const shopHolding: Domain = { ...shop, scenarios: () => [...shop.scenarios(""), ...shopPlus.scenarios("").map((s) => ({ ...s, domain: "shop" }))] };
    expect(() => loadCatalog(createRegistry([shopHolding, shopPlus]), {})).toThrow("domain 'shop_plus': scenario 'shop_plus__one' is already defined by domain 'shop'; give each scenario its own id");
  });

  it("takes a domain's own data root when it declares one", () => {
    let seen = "";
    const own: Domain = { ...tinyDomain("own"), fixtures: { dataRoot: "/somewhere/else", files: [] }, scenarios: (root) => ((seen = root), []) };
    loadCatalog(createRegistry([own]), {});
    expect(seen).toBe("/somewhere/else");
  });
});

describe("selection", () => {
  it("--domain matches the name prefix D__ only", () => {
    expect(selectScenarios(catalog, { domain: "shop" }).map((e) => e.scenario.name)).toEqual(["shop__one", "shop__two"]);
  });

  it("--scenarios keeps catalog order and names unknown ones", () => {
    expect(selectScenarios(catalog, { scenarios: ["shop_plus__one", "shop__two"] }).map((e) => e.scenario.name)).toEqual(["shop__two", "shop_plus__one"]);
    expect(() => selectScenarios(catalog, { scenarios: ["shop__nine", "x"] })).toThrow(new SelectionError("unknown scenario(s): shop__nine, x"));
  });

  it("a --domain that matches nothing is a SelectionError listing the domains", () => {
    expect(() => domainsFor(registry, { domain: "bakery" })).toThrow(new SelectionError("no scenarios match --domain bakery; known domains: shop, shop_plus"));
  });

  it("domainsFor loads only the domains a selection can touch", () => {
    expect(domainsFor(registry, { domain: "shop_plus" }).map((d) => d.name)).toEqual(["shop", "shop_plus"]);
    expect(domainsFor(registry, { scenarios: ["shop_plus__one"] }).map((d) => d.name)).toEqual(["shop", "shop_plus"]);
    expect(domainsFor(registry, {}).map((d) => d.name)).toEqual(["shop", "shop_plus"]);
  });
});
