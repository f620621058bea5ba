import { describe, expect, it } from "vitest";
import { catalogFor } from "../../src/cli/context.js";
import { registry } from "../../src/domains/index.js";
import { bufferIo } from "../helpers/buffer-io.js";
import { FIXTURES } from "../helpers/temp-data.js";

const domainsOf = (c: ReturnType<typeof catalogFor>): Set<string> => new Set(c.entries.map((e) => e.domain.name));

describe("the catalog a command loads", () => {
  it("holds only the domains the selection names", () => {
    const catalog = catalogFor(registry, bufferIo(), FIXTURES, { scenarios: ["tau2_retail__0", "tau2_retail__1"] });
    expect(domainsOf(catalog)).toEqual(new Set(["tau2_retail"]));
    expect(catalog.byName.has("tau2_retail__0")).toBe(true);
    expect(catalog.byName.has("eva_airline__cancellation_refund")).toBe(false);
    const two = catalogFor(registry, bufferIo(), FIXTURES, { domain: "eva_airline,tau2_airline" });
    expect(domainsOf(two)).toEqual(new Set(["eva_airline", "tau2_airline"]));
  });

  it("reads the data root from the flag, else from EVAL_DATA_ROOT in the command's environment", () => {
    const io = { ...bufferIo(), env: { EVAL_DATA_ROOT: FIXTURES } };
    expect(catalogFor(registry, io, undefined, { scenarios: ["tau2_retail__0"] }).byName.has("tau2_retail__0")).toBe(true);
    const nowhere = { ...bufferIo(), env: { EVAL_DATA_ROOT: "/nonexistent/evalsim-data" } };
    expect(() => catalogFor(registry, nowhere, undefined, { scenarios: ["tau2_retail__0"] })).toThrow(/nonexistent\/evalsim-data/);
    expect(() => catalogFor(registry, io, "/nonexistent/flag-data", { scenarios: ["tau2_retail__0"] })).toThrow(/nonexistent\/flag-data/);
  });
});
