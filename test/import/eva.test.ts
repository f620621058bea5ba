/**
 * `evalsim import eva` on eva 0.1.3's real records folder (the record
 * 1.1.2, an optional manifest entry under the data root's
 * `upstream/eva-0.1.3/records/`); skipped where the data root lacks it.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { FIXTURES } from "../helpers/temp-data.js";
import { removeScratch, runFolder, scratch } from "../run/run-helpers.js";

const RECORDS = join(FIXTURES, "upstream", "eva-0.1.3", "records");
const present = existsSync(join(RECORDS, "1.1.2", "audit_log.json"));

describe.skipIf(!present)(`evalsim import eva (skipped when ${RECORDS}/1.1.2 is absent: \`evalsim fixtures fetch\` downloads it)`, () => {
  it("re-grades record 1.1.2 as eva_airline__voluntary_date_change, keeping eva's own hash; eva records no verdict", async () => {
    const out = scratch("eva-imported");
    const r = await runCli(["import", "eva", RECORDS, "--out", out, "--workers", "1"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`imported 1 scenario(s) from eva ${RECORDS}: 0 disagree with evalsim's verdict\n`);
    const result = JSON.parse(readFileSync(join(RECORDS, "1.1.2", "result.json"), "utf8")) as { final_scenario_db_hash: string };
    const m = JSON.parse(readFileSync(join(runFolder(out), "eva_airline__voluntary_date_change", "metrics.json"), "utf8")) as Record<string, unknown>;
    expect(m["imported"]).toEqual({ format: "eva", source: "record 1.1.2", source_verdict: null, source_hash: result.final_scenario_db_hash, agrees: null });
    // The five recorded calls replayed: the rebooking and the seat are in the final DB, as eva recorded them.
    expect(m["db_state_match"]).toBe(true);
    expect(m["is_successful"]).toBe(true);
  }, 300_000);
});

afterAll(removeScratch);
