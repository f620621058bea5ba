/**
 * `evalsim check` over one domain (a registry holding eva_airline only, to
 * stay fast): the expected rows are those of the full check's table on the
 * shared fixtures (every eva_airline scenario passes gold and the oracle run).
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CHECK_FOLDER, checkCommand } from "../../../src/cli/commands/check.js";
import { registry } from "../../../src/domains/index.js";
import { createRegistry } from "../../../src/engine/registry.js";
import type { Domain } from "../../../src/engine/domain.js";
import { bufferIo } from "../../helpers/buffer-io.js";
import { FIXTURES } from "../../helpers/temp-data.js";
import { removeScratch, scratch } from "../../run/run-helpers.js";

afterAll(removeScratch);

const eva = createRegistry([registry.domain("eva_airline") as Domain]);
const ctx = () => ({ io: bufferIo(), registry: eva, dataRoot: FIXTURES, debug: false });

describe("evalsim check", () => {
  it("prints one row per bucket, then says all pass, and writes <out>/check", async () => {
    const out = scratch("check-cmd");
    const c = ctx();
    expect(await checkCommand(["--out", out, "--workers", "1"], c)).toBe(0);
    const lines = c.io.stdout().split("\n");
    expect(lines.slice(0, 3)).toEqual([
      "bucket                   scenarios  gold ok gold bad run pass run fail  errored  known",
      "eva_airline                     50       50        0       50        0        0      0",
      "all scenarios pass",
    ]);
    expect(CHECK_FOLDER).toBe("check");
    expect(readdirSync(join(out, "check"))).toContain("eva_airline__cancellation_refund");
  }, 120_000);

  it("--json gives the same counts as one object; a second check replaces the folder", async () => {
    const out = scratch("check-cmd-json");
    for (let i = 0; i < 2; i++) {
      const c = ctx();
      expect(await checkCommand(["--out", out, "--json", "--workers", "1"], c)).toBe(0);
      expect(JSON.parse(c.io.stdout())).toEqual({
        ok: true,
        domains: [{ bucket: "eva_airline", scenarios: 50, gold_ok: 50, gold_failed: 0, gold_known: 0, run_passed: 50, run_failed: 0, run_errored: 0, run_known: 0 }],
      });
    }
    expect(readdirSync(out)).toEqual(["check"]);
    expect(existsSync(join(out, "check", "summary.json"))).toBe(true);
  }, 120_000);

  it("refuses an unknown option", async () => {
    await expect(checkCommand(["--fast"], ctx())).rejects.toThrow(/fast/);
  });
});
