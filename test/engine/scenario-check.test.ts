/**
 * The checks every scenario value goes through when its domain builds it
 * (src/engine/scenario-check.ts), one rule at a time, on the tiny domain's
 * scenarios with one field broken.
 */
import { describe, expect, it } from "vitest";
import type { Domain } from "../../src/engine/domain.js";
import { FixtureError } from "../../src/loaders/load-db.js";
import { ScenarioDefinitionError, type Scenario } from "../../src/engine/scenario.js";
import { checkScenario, domainScenarios } from "../../src/engine/scenario-check.js";
import { tinyDomain } from "../helpers/tiny-domain.js";

const shop = tinyDomain("shop");
const good = shop.scenarios("")[0] as Scenario;
const withField = (patch: Record<string, unknown>): Domain => ({ ...shop, scenarios: () => [{ ...good, ...patch }] });

/** The message domainScenarios throws for `domain`, which must be a ScenarioDefinitionError. */
function definitionError(domain: Domain): string {
  try {
    domainScenarios(domain, "");
  } catch (e) {
    expect(e).toBeInstanceOf(ScenarioDefinitionError);
    return (e as Error).message;
  }
  throw new Error("no error thrown");
}

describe("checkScenario", () => {
  it("accepts a whole scenario, and a variant bucket of the domain (as tau2_telecom_workflow of tau2_telecom)", () => {
    expect(() => checkScenario("shop", good, 0)).not.toThrow();
    expect(() => checkScenario("shop", { ...good, name: "shop_flow__one", bucket: "shop_flow" }, 0)).not.toThrow();
  });

  it("refuses a bucket that only starts with the domain's letters", () => {
    expect(() => checkScenario("shop", { ...good, name: "shopx__one", bucket: "shopx" }, 0)).toThrow("scenario 'shopx__one': bucket: expected 'shop' or 'shop_<variant>'");
  });

  it("refuses a name outside its bucket, or with no id", () => {
    expect(() => checkScenario("shop", { ...good, name: "other__one" }, 0)).toThrow("scenario 'other__one': name: expected shop__<id>");
    expect(() => checkScenario("shop", { ...good, name: "shop__" }, 0)).toThrow("scenario 'shop__': name: expected shop__<id>");
  });

  it("refuses a domain field naming another domain", () => {
    expect(() => checkScenario("shop", { ...good, domain: "mall" }, 0)).toThrow(`scenario 'shop__one': domain: expected 'shop' (the domain that defines it), got "mall"`);
  });

  it("names the position of a value that is not a scenario, or has no name", () => {
    expect(() => checkScenario("shop", "shop__one", 3)).toThrow(`scenario [3]: expected a scenario object (see defineScenario), got "shop__one"`);
    expect(() => checkScenario("shop", { ...good, name: undefined }, 1)).toThrow("scenario [1]: name: expected a string <bucket>__<id>, got undefined");
  });

  it("checks the kind of every field", () => {
    expect(() => checkScenario("shop", { ...good, initializationActions: {} }, 0)).toThrow("scenario 'shop__one': initializationActions: expected a list, got object");
    expect(() => checkScenario("shop", { ...good, labels: [] }, 0)).toThrow("scenario 'shop__one': labels: expected an object, got a list");
    expect(() => checkScenario("shop", { ...good, todayFromClock: "no" }, 0)).toThrow(`scenario 'shop__one': todayFromClock: expected true or false, got "no"`);
  });
});

describe("domainScenarios", () => {
  it("returns the scenarios as built when they pass", () => {
    expect(domainScenarios(shop, "").map((s) => s.name)).toEqual(["shop__one", "shop__two"]);
  });

  it("prefixes a definition error with the domain", () => {
    expect(definitionError(withField({ successSignals: ["nope"] }))).toMatch(/^domain 'shop': scenario 'shop__one': success_signals contains unknown signal\(s\) nope;/);
  });

  it("refuses scenarios() that returns no list", () => {
    expect(definitionError({ ...shop, scenarios: () => ({}) as unknown as Scenario[] })).toBe("domain 'shop': scenarios(): expected a list of scenarios, got object");
  });

  it("lets other errors through unchanged (unreadable data is the loader's to report)", () => {
    const broken: Domain = {
      ...shop,
      scenarios: () => {
        throw new FixtureError("shop/db.json", "", "bad");
      },
    };
    expect(() => domainScenarios(broken, "")).toThrow(FixtureError);
  });
});
