/**
 * What a person reads, piece by piece: lists that fit a terminal, the
 * headline count of a run with several trials, the too-few-turns reason with
 * its value, the report's banner for a partial run, and diff colours that
 * read expected = right, actual = wrong.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildReport } from "../../src/report/build.js";
import { REPORT_CSS } from "../../src/report/styles.js";
import { nameRows } from "../../src/results/name-lines.js";
import { readRunFolder } from "../../src/results/read-run.js";
import { evalsim, removeScratch, runFolder, scratch } from "../run/run-helpers.js";

afterAll(removeScratch);

const LONG = "tau2_telecom_workflow__mobile_data_issue__airplane_mode_on__bad_network_preference__bad_vpn__data_mode_off";

describe("terminal lists", () => {
  it("do not pad short names to a long one, and wrap the text to the terminal width", () => {
    const rows = [
      { prefix: "  FAILED   ", name: "tau2_retail__1", text: "db_state_match: orders.#W1.status expected \"x\", got \"y\"" },
      { prefix: "  FAILED   ", name: LONG, text: "db_state_assertion assert_mobile_data_status (user): expected true, got false (+2 more)" },
    ];
    const lines = nameRows(rows, { columns: 60 });
    expect(lines[0]).toBe('  FAILED   tau2_retail__1  db_state_match: orders.#W1.status');
    expect(lines.every((l) => l.length <= 60 || !l.includes(" "))).toBe(true);
    expect(lines.join(" ").replace(/\s+/g, " ")).toContain("db_state_assertion assert_mobile_data_status (user): expected true, got false (+2 more)");
    // Without a terminal (a pipe, a file) every line stays whole.
    const piped = nameRows(rows);
    expect(piped[0]).toBe(`  FAILED   tau2_retail__1  ${rows[0]!.text}`);
    expect(piped.slice(1)).toEqual([`  FAILED   ${LONG}`, `${" ".repeat(11 + 14 + 2)}${rows[1]!.text}`]);
  });
});

describe("a run with several trials, and the noop agent", () => {
  it("counts trials as trials, names --min-agent-turns' value, and its report has a banner when partial", async () => {
    const out = scratch("readable");
    const r = await evalsim(["run", "--agent", "noop", "--scenarios", "tau2_retail__0", "tau2_retail__1", "--trials", "3", "--out", out]);
    expect(r.code).toBe(1);
    expect(r.out).toContain("Trials: 6 over 2 scenarios (passed 0, failed 6, errored 0)");
    expect(r.out).toContain("fewer than --min-agent-turns 3 (run with --min-agent-turns 0 to score short conversations)");
    const dir = runFolder(out);
    expect(readFileSync(join(dir, "all_summary.txt"), "utf8")).toMatch(/^Trials: 6 over 2 scenarios/);
    // Signal rates leave out too-few-turns trials in every view: N/A with nothing counted, not 0 %.
    expect(r.out).toContain("  db_state_match: N/A (no trials)");

    const run = readRunFolder(dir);
    expect(run.planned).toBe(6);
    expect(buildReport(run)).not.toContain('id="partial"');
    const partial = buildReport({ ...run, records: run.records.slice(0, 2) });
    expect(partial).toContain("Partial run: 2 of 6 planned trials are on disk");
    expect(partial).toContain(`evalsim run --resume ${dir}`);
  });
});

describe("report colours", () => {
  it("mark the expected side green and the actual side red", () => {
    expect(REPORT_CSS).toMatch(/del \{ background: #abf2bc;/);
    expect(REPORT_CSS).toMatch(/ins \{ background: #ffc1c0;/);
  });
});
