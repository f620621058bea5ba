/**
 * The fuzzer on a domain it has never seen: clean on tools that behave, and
 * each deliberately broken tool is caught, shrunk to the one call that
 * breaks, and found again from the same seed.
 */
import { describe, expect, it } from "vitest";
import type { CatalogEntry } from "../../src/engine/catalog.js";
import type { Domain } from "../../src/engine/domain.js";
import type { AnyToolDef } from "../../src/engine/types.js";
import { fuzzDomain } from "../../src/fuzz/run-fuzz.js";
import { tinyDomain } from "../helpers/tiny-domain.js";
import { discardItem, peekItem, ticketNumber } from "./broken-tools.js";

const entriesOf = (domain: Domain): CatalogEntry[] => domain.scenarios("").map((scenario) => ({ scenario, domain }));

describe("fuzzDomain", () => {
  it("is clean on a domain whose tools keep every invariant, and reaches their write paths", () => {
    const domain = tinyDomain("stockroom");
    const tally = fuzzDomain(domain, entriesOf(domain), { calls: 300, seed: 3 });
    expect(tally.failures).toEqual([]);
    expect(tally.calls).toBeGreaterThanOrEqual(300);
    expect(tally.statuses["ok"]).toBeGreaterThan(30);
    expect(tally.statuses["error"]).toBeGreaterThan(0);
    expect(tally.statuses["invalid_arguments"]).toBeGreaterThan(0);
  });

  const cases: [string, AnyToolDef, string][] = [
    ["a tool that throws", discardItem, "[no exception escapes dispatch]"],
    ["a read that writes", peekItem, "[a read changes no DB]"],
    ["a tool that answers differently each run", ticketNumber, "[determinism]"],
  ];
  for (const [label, tool, invariant] of cases) {
    it(`catches ${label}, shrinks it to one call, and finds it again from the seed`, () => {
      const domain = tinyDomain("stockroom", [tool]);
      const tally = fuzzDomain(domain, entriesOf(domain), { calls: 400, seed: 11 });
      const first = tally.failures[0];
      if (!first) throw new Error(`no failure found for ${tool.name}`);
      expect(first.seed).toBe(11);
      expect(first.path).toMatch(/^\d+(:\d+)*$/);
      expect(first.report).toContain(invariant);
      // Shrunk: the call sequence is exactly one call of the broken tool.
      const calls = first.report.split("\n  calls:\n")[1]?.split("\n") ?? [];
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatch(new RegExp(`^    0\\. agent "${tool.name}" `));

      const again = fuzzDomain(domain, entriesOf(domain), { calls: 400, seed: 11 });
      expect(again.failures.map((f) => [f.seed, f.path, f.report])).toEqual(tally.failures.map((f) => [f.seed, f.path, f.report]));
      const replayed = fuzzDomain(domain, entriesOf(domain), { seed: first.seed, path: first.path });
      expect(replayed.failures.map((f) => f.report)).toEqual([first.report]);
    });
  }

  it("refuses a domain with no scenarios to start from", () => {
    const domain = tinyDomain("empty");
    expect(() => fuzzDomain(domain, [], { calls: 10 })).toThrow("domain empty has no scenarios to start from");
  });
});
