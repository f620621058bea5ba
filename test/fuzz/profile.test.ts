/** profileOf: a domain's fuzz profile with the defaults filled in. */
import { describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import type { Domain } from "../../src/engine/domain.js";
import { profileOf } from "../../src/fuzz/profile.js";

const domain = (name: string): Domain => {
  const d = registry.domain(name);
  if (d === undefined) throw new Error(name);
  return d;
};

/** The domain as if it declared no fuzz profile. */
function withoutFuzz(d: Domain): Domain {
  const copy: { -readonly [K in keyof Domain]?: Domain[K] } = { ...d };
  delete copy.fuzz;
  return copy as Domain;
}

describe("profileOf", () => {
  it("a domain that declares nothing gets tau2 records, replayed from records, and empty hints", () => {
    const bare = withoutFuzz(domain("tau2_retail"));
    const p = profileOf(bare);
    expect(p.records).toBe("tau2");
    expect(p.replayFromRecords).toBe(true);
    expect(p.hints).toEqual({ aliases: {}, shapes: {}, constants: {} });
    expect(p.parityCrashes).toEqual([]);
    expect(p.uncheckedFields).toEqual([]);
    expect(p.resultSchemas).toEqual({});
  });

  it("flat records are not replayed from records unless the domain says so", () => {
    const bare = withoutFuzz(domain("tau2_retail"));
    expect(profileOf({ ...bare, fuzz: { records: "flat" } }).replayFromRecords).toBe(false);
    expect(profileOf({ ...bare, fuzz: { records: "flat", replayFromRecords: true } }).replayFromRecords).toBe(true);
  });

  it("keeps what the domain declares: eva's flat records are not replayed", () => {
    const p = profileOf(domain("eva_airline"));
    expect(p.records).toBe("flat");
    expect(p.replayFromRecords).toBe(false);
    expect(p.hints.aliases["flight_date"]).toEqual(["date"]);
    expect(p.parityCrashes.map((c) => c.tool)).toEqual(["AssignSeatTool"]);
  });

  it("hands out one profile per domain value", () => {
    const d = domain("tau2_telecom");
    expect(profileOf(d)).toBe(profileOf(d));
  });
});
