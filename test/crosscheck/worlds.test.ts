/**
 * The starting state the reference driver is asked to build for a scenario:
 * the eva scenario's own DB file (which must exist under the data root), a
 * telecom task with its date, the shared DB of the other tau2 domains.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { referenceWorld } from "../../src/crosscheck/worlds.js";
import type { World } from "../../src/fuzz/worlds.js";
import { resolveDataRoot } from "../../src/loaders/data-root.js";

const world = (domain: string, upstreamId: string, today = "2025-01-01"): Pick<World, "domain" | "entry"> =>
  ({ domain: { name: domain }, entry: { scenario: { upstreamId, today } } }) as unknown as Pick<World, "domain" | "entry">;

describe("referenceWorld", () => {
  it("names the eva scenario's DB file, which the data root holds", () => {
    const w = referenceWorld(world("eva_airline", "1.1.2"));
    expect(w).toEqual({ kind: "eva", file: "eva_airline/1.1.2.json" });
    const root = resolveDataRoot({ env: process.env, mustContain: "eva_airline" });
    expect(existsSync(join(root, (w as { file: string }).file))).toBe(true);
  });

  it("starts telecom from its task and date, the other tau2 domains from their DB", () => {
    expect(referenceWorld(world("tau2_telecom", "[mobile_data_issue]x", "2025-02-25"))).toEqual({ kind: "telecom", task: "[mobile_data_issue]x", today: "2025-02-25" });
    expect(referenceWorld(world("tau2_retail", "7"))).toEqual({ kind: "tau2", domain: "tau2_retail" });
    expect(referenceWorld(world("tau2_airline", "7"))).toEqual({ kind: "tau2", domain: "tau2_airline" });
  });
});
