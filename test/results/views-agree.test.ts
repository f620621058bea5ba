/**
 * One run read through every view: the console list and summary, compare,
 * Markdown, JUnit and the HTML report print the same reason for each
 * failure (from what decides the verdict) and the same figures.
 *
 * The candidate replays an oracle run's own tool calls with one edit per
 * scenario: the eva scenario loses its seat assignment (the expected DB has
 * seat "21C"; the reference's diff also lists the unhashed `session` table,
 * which must never lead the reason), the retail scenario loses its write, and
 * the telecom workflow scenario loses the user's data toggle (a DB predicate
 * fails). Each reason leads with the diagnosis: the write that was dropped.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evalsim, removeScratch, runFolder, scratch } from "../run/run-helpers.js";

const EVA = "eva_airline__1_1_3";
const RETAIL = "tau2_retail__1";
const TELECOM = "tau2_telecom_workflow__mobile_data_issue__data_mode_off__data_usage_exceeded";
const PASSING = "tau2_airline__1";
const NAMES = [EVA, RETAIL, TELECOM, PASSING];
// The diagnosis leads (the dropped write), then the DB evidence.
const SEAT_REASON =
  'decisive: missing write AssignSeatTool(IM2XU4, passenger_id PAX001, journey_id FL_SK333_20260603, …) (never made); db_state_match: reservations.IM2XU4.bookings[0].segments[0].seat expected "21C", got null';

interface Call {
  name: string;
  arguments: unknown;
  side: string;
}

const callsOf = (run: string, name: string): Call[] =>
  readFileSync(join(run, name, "transcript.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Call & { type: string })
    .filter((e) => e.type === "tool_call")
    .map(({ name: n, arguments: a, side }) => ({ name: n, arguments: a, side }));

const DROP: Record<string, (c: Call) => boolean> = {
  [EVA]: (c) => c.name === "AssignSeatTool",
  [RETAIL]: (c) => /^(exchange|cancel|modify|return)/i.test(c.name),
  [TELECOM]: (c) => c.name === "toggle_data",
};

const htmlEsc = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
const xmlEsc = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

afterAll(removeScratch);

let base: string;
let cand: string;
const filesOf = { run: "" };

describe("every view of one run", () => {
  let console: string;
  let files: string;
  let compareText: string;
  let html: string;
  beforeAll(async () => {
    const baseOut = scratch("views-base");
    const b = await evalsim(["run", "--scenarios", ...NAMES, "--out", baseOut]);
    expect(b.code, b.err).toBe(0);
    base = runFolder(baseOut);
    const calls = scratch("views-calls");
    for (const name of NAMES) {
      const all = callsOf(base, name);
      const drop = DROP[name];
      const kept = drop ? all.filter((c) => !drop(c)) : all;
      if (drop) expect(kept.length, name).toBeLessThan(all.length);
      writeFileSync(join(calls, `${name}.json`), JSON.stringify(kept));
    }
    files = scratch("views-files");
    filesOf.run = files;
    const candOut = scratch("views-cand");
    const r = await evalsim(["run", "--agent", "replay", "--calls", calls, "--scenarios", ...NAMES, "--out", candOut, "--junit", join(files, "run.xml"), "--markdown", join(files, "run.md")]);
    expect(r.code, r.err).toBe(1);
    console = r.out;
    cand = runFolder(candOut);
    const c = await evalsim(["compare", base, cand, "--junit", join(files, "cmp.xml"), "--markdown", join(files, "cmp.md")]);
    expect(c.code, c.err).toBe(1);
    compareText = c.out;
    const rep = await evalsim(["report", candOut, "--compare", base, "--out", join(files, "r.html")]);
    expect(rep.code, rep.err).toBe(0);
    html = readFileSync(join(files, "r.html"), "utf8");
  }, 120_000);

  it("names the seat, not the unhashed session table, in every view", () => {
    const diff = JSON.parse(readFileSync(join(cand, EVA, "db_diff.json"), "utf8")) as { tables_removed: string[] };
    expect(diff.tables_removed).toEqual(["session"]);
    const views: Record<string, string> = {
      console,
      markdown: readFileSync(join(files, "run.md"), "utf8"),
      compare: compareText,
      "compare markdown": readFileSync(join(files, "cmp.md"), "utf8"),
    };
    for (const [view, text] of Object.entries(views)) {
      expect(text, view).toContain(SEAT_REASON);
      expect(text, view).not.toContain("session");
    }
    for (const [view, file] of [["junit", "run.xml"], ["compare junit", "cmp.xml"]] as const) {
      const xml = readFileSync(join(files, file), "utf8");
      expect(xml, view).toContain(xmlEsc(SEAT_REASON));
      expect(xml, view).not.toContain("session");
    }
    expect(html).toContain(`${EVA}</a></td><td class="failed">failed</td><td class="reason">${htmlEsc(SEAT_REASON)}</td>`);
    expect(html).toContain(JSON.stringify(SEAT_REASON).replace(/</g, "\\u003c"));
  });

  it("gives the failing predicate for an assertion-gated scenario and the same line everywhere", () => {
    // The name is longer than the name column: it has a line of its own, the reason the next one.
    const lines = console.split("\n");
    const at = lines.findIndex((l) => l.includes(TELECOM));
    expect(lines[at]?.trim()).toBe(`FAILED   ${TELECOM}`);
    const reason = (lines[at + 1] as string).trim();
    expect(reason).toMatch(/^decisive: missing write user toggle_data\(\) \(never made\); db_state_assertion assert_\w+/);
    expect(readFileSync(join(files, "run.md"), "utf8")).toContain(reason);
    expect(readFileSync(join(files, "run.xml"), "utf8")).toContain(xmlEsc(reason));
    expect(compareText).toContain(reason);
    expect(html).toContain(htmlEsc(reason));
  });

  it("prints the same figures in the summary, compare, Markdown, JUnit and the report", () => {
    const summary = JSON.parse(readFileSync(join(cand, "summary.json"), "utf8")) as {
      totals: { scenarios: number; passed: number; failed: number; errored: number; rates: { success: Tally; signals: Record<string, Tally> } };
    };
    const t = summary.totals;
    const text = readFileSync(join(cand, "all_summary.txt"), "utf8");
    const md = readFileSync(join(files, "run.md"), "utf8");
    const allRow = md.split("\n").find((l) => l.startsWith("| **all** |")) as string;
    const compareAll = compareText.split("\n").findIndex((l) => l.trim().startsWith("all "));
    expect(compareAll).toBeGreaterThan(0);
    const compareBlock = compareText.split("\n").slice(compareAll, compareAll + 8).join("\n");
    const reportAll = /<tr><td><b>all<\/b><\/td>(.*?)<\/tr>/.exec(html)?.[1] as string;
    const pct = (x: number | null): string => (x === null ? "N/A" : `${(x * 100).toFixed(1)}%`);
    const unit = (x: Tally): string => `${x.n} ${x.n === 1 ? x.unit.replace(/s$/, "") : x.unit}`;
    for (const [name, tally] of [["success", t.rates.success], ...Object.entries(t.rates.signals)] as [string, Tally][]) {
      if (tally.rate === null) continue;
      const phrase = `${pct(tally.rate)} of ${unit(tally)}`;
      const cellText = `${pct(tally.rate)} (${tally.passed}/${tally.n})`;
      if (name !== "success") expect(text, `summary ${name}`).toContain(`${name}: ${phrase}`);
      else expect(text).toContain(`Overall success rate: ${phrase}`);
      expect(allRow, `markdown ${name}`).toContain(cellText);
      expect(reportAll, `report ${name}`).toContain(cellText);
      expect(compareBlock, `compare ${name}`).toContain(phrase);
    }
    expect(t.rates.signals["db_state_assertion"]?.unit).toBe("predicates");
    expect(allRow).toContain(`| ${t.scenarios} | ${t.passed} | ${t.failed} | ${t.errored} |`);
    const xml = readFileSync(join(files, "run.xml"), "utf8");
    expect(xml).toContain(`<testsuites name="evalsim" tests="${t.scenarios}" failures="${t.failed}" errors="${t.errored}"`);
  });
});

describe("compare's edges", () => {
  it("labels a fixed scenario's old reason as the base's, left-aligns Markdown text columns, and times JUnit cases", async () => {
    const files = scratch("edges-files");
    // Reversed, the candidate's failures are the base's: each is a fixed scenario.
    const r = await evalsim(["compare", cand, base, "--markdown", join(files, "cmp.md"), "--junit", join(files, "cmp.xml")]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`passed  base: ${SEAT_REASON}`);
    const md = readFileSync(join(files, "cmp.md"), "utf8");
    expect(md).toContain(`| ${EVA} | fixed | failed → passed | base: ${SEAT_REASON} |`);
    expect(md).toContain("| scenario | category | change | reason |\n| --- | --- | --- | --- |");
    expect(md).toMatch(/\| domain \| base \| cand \| diff \(points\) \| 95% interval \|\n\| --- \| --- \| --- \| ---: \| --- \|/);
    const xml = readFileSync(join(files, "cmp.xml"), "utf8");
    const seconds = (JSON.parse(readFileSync(join(base, EVA, "metrics.json"), "utf8")) as { duration_seconds: number }).duration_seconds;
    expect(xml).toContain(`<testcase name="${EVA}" classname="eva_airline" time="${seconds.toFixed(3)}"/>`);
    const run = readFileSync(join(filesOf.run, "run.xml"), "utf8");
    const candSeconds = (JSON.parse(readFileSync(join(cand, EVA, "metrics.json"), "utf8")) as { duration_seconds: number }).duration_seconds;
    expect(run).toContain(`<testcase name="${EVA}" classname="eva_airline" time="${candSeconds.toFixed(3)}">`);
  });

  it("two runs with no scenario in common are a usage error in one line", async () => {
    const out = scratch("edges-other");
    expect((await evalsim(["run", "--scenarios", "tau2_airline__2", "--out", out])).code).toBe(0);
    const r = await evalsim(["compare", base, runFolder(out)]);
    expect(r.code).toBe(2);
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(r.err).toContain("have no scenario in common");
  });

  it("reads a run's --out folder as the run inside it, and lists the choice when there are several", async () => {
    const parent = join(base, "..");
    const r = await evalsim(["report", parent, "--out", join(scratch("edges-root"), "r.html")]);
    expect(r.code, r.err).toBe(0);
    const two = scratch("edges-two");
    for (let i = 0; i < 2; i++) expect((await evalsim(["run", "--scenarios", "tau2_airline__1", "--out", two])).code).toBe(0);
    const many = await evalsim(["report", two]);
    expect(many.code).toBe(2);
    expect(many.err).toMatch(/holds 2 run folders; name one: /);
  });
});

interface Tally {
  passed: number;
  n: number;
  unit: string;
  rate: number | null;
}
