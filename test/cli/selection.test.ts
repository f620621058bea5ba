/**
 * Everyday selection: several domains (comma-separated or the flag
 * repeated), globs in --scenarios, --limit N and --sample N --seed S, against
 * the real catalog.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { globRegExp, narrow } from "../../src/engine/narrow.js";
import { evalsim, removeScratch, runFolder, scratch } from "../run/run-helpers.js";

afterAll(removeScratch);

const listed = async (...args: string[]): Promise<string[]> => {
  const r = await evalsim(["list", ...args]);
  expect(r.code, r.err).toBe(0);
  return r.out.trim().split("\n");
};

/** The scenarios a run ran, in the order its run_config-driven selection has them (folder names sort like names). */
async function ran(...args: string[]): Promise<{ names: string[]; config: Record<string, unknown> }> {
  const out = scratch("selection");
  const r = await evalsim(["run", ...args, "--out", out]);
  expect(r.code, r.err).toBe(0);
  const dir = runFolder(out);
  const names = readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  return { names, config: JSON.parse(readFileSync(join(dir, "run_config.json"), "utf8")) as Record<string, unknown> };
}

describe("selection", () => {
  it("takes several domains, comma-separated or repeated", async () => {
    const retail = await listed("--domain", "tau2_retail");
    const eva = await listed("--domain", "eva_airline");
    const both = [...eva, ...retail].sort();
    expect((await listed("--domain", "tau2_retail,eva_airline")).sort()).toEqual(both);
    expect((await listed("--domain", "tau2_retail", "--domain", "eva_airline")).sort()).toEqual(both);
    expect((await listed("--domain=eva_airline", "--domain=tau2_retail")).sort()).toEqual(both);
    const bad = await evalsim(["list", "--domain", "tau2_retail,tau2_nowhere"]);
    expect(bad.code).toBe(2);
    expect(bad.err.trim()).toMatch(/^evalsim list: no scenarios match --domain tau2_nowhere/);
  });

  it("expands globs in --scenarios and refuses a glob that matches nothing", async () => {
    const all = await listed();
    const want = all.filter((n) => /^tau2_retail__1\d*$/.test(n));
    expect(want.length).toBeGreaterThan(10);
    const r = await ran("--scenarios", "tau2_retail__1*", "--limit", "200");
    expect(r.names.sort()).toEqual(want.sort());
    expect(r.config["scenarios"]).toEqual(["tau2_retail__1*"]);
    const none = await evalsim(["run", "--scenarios", "tau2_retail__x*", "--out", scratch("none")]);
    expect(none.code).toBe(2);
    expect(none.err).toContain("no scenario matches 'tau2_retail__x*'");
  });

  it("--limit keeps the first N; --sample draws N with the seed, the same N for the same seed", async () => {
    const retail = await listed("--domain", "tau2_retail");
    const limited = await ran("--domain", "tau2_retail", "--limit", "3");
    expect(limited.names.sort()).toEqual(retail.slice(0, 3).sort());
    expect(limited.config["limit"]).toBe(3);
    const a = await ran("--domain", "tau2_retail", "--sample", "4", "--seed", "7");
    const b = await ran("--domain", "tau2_retail", "--sample", "4", "--seed", "7");
    const c = await ran("--domain", "tau2_retail", "--sample", "4", "--seed", "8");
    expect(a.names).toHaveLength(4);
    expect(b.names).toEqual(a.names);
    expect(c.names).not.toEqual(a.names);
    expect(a.names.every((n) => retail.includes(n))).toBe(true);
    expect(a.config["sample"]).toBe(4);
  });

  it("a sample keeps catalog order and --limit applies after it", () => {
    const items = Array.from({ length: 100 }, (_, i) => i);
    const s = narrow(items, { sample: 10, seed: 3 });
    expect(s).toEqual([...s].sort((x, y) => x - y));
    expect(new Set(s).size).toBe(10);
    expect(narrow(items, { sample: 10, seed: 3, limit: 4 })).toEqual(s.slice(0, 4));
    expect(narrow(items, { sample: 1000, seed: 3 })).toEqual(items);
  });

  it("globs: * ? and classes, anchored, other characters literal", () => {
    expect(globRegExp("tau2_retail__1*").test("tau2_retail__105")).toBe(true);
    expect(globRegExp("tau2_retail__1*").test("xtau2_retail__105")).toBe(false);
    expect(globRegExp("a?c").test("abc")).toBe(true);
    expect(globRegExp("a?c").test("ac")).toBe(false);
    expect(globRegExp("a[0-2]").test("a1")).toBe(true);
    expect(globRegExp("a[!0-2]").test("a1")).toBe(false);
    expect(globRegExp("a.b*").test("axb")).toBe(false);
    expect(globRegExp("a(b)+").test("a(b)+")).toBe(true);
  });
});

describe("list with run's selection flags", () => {
  it("names exactly the scenarios run selects from the same --scenarios glob, --limit, --sample and --seed", async () => {
    for (const flags of [
      ["--scenarios", "tau2_retail__1*", "--limit", "2"],
      ["--domain", "tau2_retail,eva_airline", "--sample", "3", "--seed", "7"],
      ["--domain", "tau2_airline", "--sample", "2"],
    ]) {
      const preview = await listed(...flags);
      expect(preview.length, flags.join(" ")).toBeGreaterThan(1);
      expect([...preview].sort(), flags.join(" ")).toEqual((await ran(...flags, "--workers", "1")).names.sort());
    }
  });

  it("refuses what run refuses: a glob that matches nothing, a --limit below 1", async () => {
    expect((await evalsim(["list", "--scenarios", "tau2_nowhere__*"])).code).toBe(2);
    const r = await evalsim(["list", "--limit", "0"]);
    expect(r.code).toBe(2);
    expect(r.err.trim()).toBe("evalsim list: --limit expects an integer >= 1, got '0'");
  });
});
