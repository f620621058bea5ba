import { describe, expect, it } from "vitest";
import { domainNameProblem } from "../../src/scaffold/name.js";

const BUILTIN = ["eva_airline", "tau2_airline", "tau2_retail", "tau2_telecom"];

describe("domainNameProblem", () => {
  it("accepts plain lower-case identifiers", () => {
    for (const ok of ["library", "clinic2", "hotel_desk", "a"]) expect(domainNameProblem(ok, BUILTIN)).toBeUndefined();
  });

  it("refuses names that cannot be a folder, a registry key and a scenario prefix at once", () => {
    expect(domainNameProblem("Hotel", BUILTIN)).toMatch(/must be 1-40 characters of a-z, 0-9 and _/);
    expect(domainNameProblem("9lives", BUILTIN)).toMatch(/starting with a letter/);
    expect(domainNameProblem("my-domain", BUILTIN)).toMatch(/a-z, 0-9 and _/);
    expect(domainNameProblem("../x", BUILTIN)).toMatch(/a-z, 0-9 and _/);
    expect(domainNameProblem("", BUILTIN)).toMatch(/a-z, 0-9 and _/);
    expect(domainNameProblem("x".repeat(41), BUILTIN)).toMatch(/1-40 characters/);
    expect(domainNameProblem("hotel__desk", BUILTIN)).toBe("domain name 'hotel__desk' must not contain '__' (it separates a scenario's domain from its id)");
    expect(domainNameProblem("hotel_", BUILTIN)).toMatch(/must not end with '_'/);
  });

  it("refuses a registered name and names that would share its --domain prefix", () => {
    expect(domainNameProblem("tau2_retail", BUILTIN)).toMatch(/clashes with the registered domain 'tau2_retail'/);
    expect(domainNameProblem("tau2_retail_outlet", BUILTIN)).toMatch(/clashes with the registered domain 'tau2_retail'/);
    // `--domain tau2_retail` would select a domain named tau2 too.
    expect(domainNameProblem("tau2", BUILTIN)).toMatch(/clashes with the registered domain 'tau2_airline'/);
    expect(domainNameProblem("eva_air", BUILTIN)).toBeUndefined();
    expect(domainNameProblem("tau2retail", BUILTIN)).toBeUndefined();
  });
});
