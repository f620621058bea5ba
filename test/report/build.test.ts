import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evalsim, removeScratch, scratch } from "../run/run-helpers.js";
import type { ComparedRuns } from "../compare/recordings.js";
import { DB_REGRESSION, EXIT_REGRESSION, makeRuns, SCENARIOS } from "../compare/recordings.js";

afterAll(removeScratch);

interface Data {
  rows: { n: string; s: string; r: string | null }[];
  details: string[];
}

describe("evalsim report", () => {
  let runs: ComparedRuns;
  let html: string;
  beforeAll(async () => {
    runs = await makeRuns("report");
    const out = join(scratch("report-out"), "r.html");
    const r = await evalsim(["report", runs.cand, "--compare", runs.base, "--out", out]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/r\.html \(\d+ bytes\)/);
    html = readFileSync(out, "utf8");
  });

  it("names every failing scenario with its reason line in the page itself", async () => {
    const run = await evalsim(["run", "--agent", "replay", "--calls", runs.cand, "--scenarios", ...SCENARIOS, "--out", scratch("report-rerun")]);
    const failing = run.out.split("\n").filter((l) => l.trim().startsWith("FAILED"));
    expect(failing.length).toBe(2);
    for (const line of failing) {
      const [, name, reason] = line.trim().split(/\s{2,}/) as [string, string, string];
      const escaped = reason.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
      // The report's run was cut by its turn limit, which its reason line counts first; the re-run replays what was recorded.
      const cut = "(?:\\d+ recorded calls not replayed \\(the conversation stopped by max_turns\\); )?";
      expect(html).toMatch(new RegExp(`<td class="name"><a href="#s=\\d+">${name}</a></td><td class="failed">failed</td><td class="reason">${cut}${escaped.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</td>`));
    }
    expect(html).toContain(DB_REGRESSION);
    expect(html).toContain(EXIT_REGRESSION);
  });

  it("references nothing on the network and carries every trial's details", () => {
    expect(html).not.toMatch(/(https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}/i);
    expect(html).not.toMatch(/<(link|img|iframe)\b|<script[^>]*\bsrc=|@import|url\(/i);
    const json = /<script type="application\/json" id="report-data">(.*?)<\/script>/s.exec(html)?.[1] as string;
    const data = JSON.parse(json) as Data;
    expect(data.rows.map((r) => r.n).sort()).toEqual([...SCENARIOS].sort());
    const i = data.rows.findIndex((r) => r.n === DB_REGRESSION);
    const detail = JSON.parse(gunzipSync(Buffer.from(data.details[i] as string, "base64")).toString("utf8")) as { events: { type: string }[]; diff_html: string };
    expect(detail.events.some((e) => e.type === "tool_call")).toBe(true);
    expect(detail.diff_html).toContain("exchange_items");
  });

  it("is a function of the run folders", async () => {
    const again = join(scratch("report-again"), "r.html");
    await evalsim(["report", runs.cand, "--compare", runs.base, "--out", again]);
    expect(readFileSync(again, "utf8")).toBe(html);
  });

  it("refuses a folder that is not a run with exit 2", async () => {
    const r = await evalsim(["report", scratch("not-a-run")]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/not a run folder/);
  });
});
