/**
 * The report renders any value a run folder holds: a big integer a run kept
 * exact in db_diff.json (JSON.stringify refuses one), and text carrying
 * terminal escapes or bidirectional overrides, which the page shows as
 * visible escapes, as evalsim prints them, never raw.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePythonJson } from "../../src/json/parse.js";
import { toJsonText } from "../../src/json/stringify.js";
import type { JsonObject } from "../../src/json/types.js";
import { DB_DIFF_FILE, METRICS_FILE } from "../../src/run/layout.js";
import { computeDbDiff } from "../../src/scoring/diff.js";
import { evalsim, removeScratch, runFolder, scratch } from "../run/run-helpers.js";

const NAME = "tau2_retail__0";
const BIG = 123456789012345678901234567890n;
// Right-to-left override, ESC/CSI (clear screen), OSC (window title) ended by BEL, a C1 CSI.
const HOSTILE = "\u202eexe.txt\x1b[2J\x1b]0;owned\x07\x9b";

let html: string;

beforeAll(async () => {
  const out = scratch("report-hostile");
  const r = await evalsim(["run", "--scenarios", NAME, "--workers", "1", "--out", out]);
  expect(r.code, r.err).toBe(0);
  const dir = join(runFolder(out), NAME);
  // What a run writes when the agent stored a big integer: the diff, through the project's JSON writer.
  const diff = computeDbDiff({ users: { u1: { balance: 1 } } }, { users: { u1: { balance: BIG } } });
  writeFileSync(join(dir, DB_DIFF_FILE), toJsonText(diff as unknown as JsonObject, 2) + "\n");
  const metrics = parsePythonJson(readFileSync(join(dir, METRICS_FILE), "utf8")) as JsonObject;
  const breakdown = metrics["success_breakdown"] as JsonObject;
  const failed = { ...metrics, scenario_name: NAME + HOSTILE, status: "failed", is_successful: false, success_breakdown: { ...breakdown, failed: ["db_state_match"], passed: (breakdown["passed"] as string[]).filter((s) => s !== "db_state_match") } };
  writeFileSync(join(dir, METRICS_FILE), toJsonText(failed, 2) + "\n");
  const report = join(scratch("report-hostile-out"), "r.html");
  const rep = await evalsim(["report", runFolder(out), "--out", report]);
  expect(rep.err).toBe("");
  expect(rep.code).toBe(0);
  html = readFileSync(report, "utf8");
});

afterAll(removeScratch);

describe("a report of a run folder with hostile values", () => {
  it("renders a big integer of db_diff.json with all its digits", () => {
    const json = /<script type="application\/json" id="report-data">(.*?)<\/script>/s.exec(html)?.[1] as string;
    const data = JSON.parse(json) as { details: string[] };
    const detail = gunzipSync(Buffer.from(data.details[0] as string, "base64")).toString("utf8");
    expect((JSON.parse(detail) as { diff_html: string }).diff_html).toContain(BIG.toString());
  });

  it("holds no control character or bidirectional override raw, and shows them as evalsim prints them", () => {
    expect(html).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    // The failure list, server-rendered.
    expect(html).toContain(NAME + "\\u202eexe.txt\\x1b[2J\\x1b]0;owned\\x07\\x9b");
    // The page's script escapes what it shows the same way.
    expect(html).toContain('var CONTROL = new RegExp("[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069]", "g");');
  });
});
