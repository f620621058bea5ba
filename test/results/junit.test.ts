import { describe, expect, it } from "vitest";
import { bySuite, junitXml, runJunit, trialSeconds, xmlEscape } from "../../src/results/junit.js";
import type { TrialRecord } from "../../src/results/read-run.js";

const rec = (name: string, bucket: string, status: TrialRecord["status"], metrics: TrialRecord["metrics"] = {}, trial = 1): TrialRecord => ({ name, domain: bucket, bucket, trial, status, metrics, dir: "/nowhere" });

describe("xmlEscape", () => {
  it("escapes the five XML specials and drops characters XML 1.0 cannot carry", () => {
    expect(xmlEscape(`<a href="x">&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;");
    expect(xmlEscape("a\u0000b\u0007c\td\n\uFFFEe")).toBe("abc\td\ne");
  });
});

describe("trialSeconds", () => {
  it("reads the simulated duration, when there is a finite one", () => {
    expect(trialSeconds(rec("s", "d", "passed", { duration_seconds: 12.25 }))).toBe(12.25);
    expect(trialSeconds(rec("s", "d", "passed", { scenario_duration: 3 }))).toBe(3);
    expect(trialSeconds(rec("s", "d", "passed", { duration_seconds: "12" }))).toBeUndefined();
  });
});

describe("junitXml", () => {
  it("counts on every level, with times to the millisecond", () => {
    const xml = junitXml("evalsim", [
      { name: "a", cases: [{ name: "a__1", classname: "a", time: 1.0005 }, { name: "a__2", classname: "a", failure: { type: "clean_exit", message: "x<y" } }] },
      { name: "b", cases: [{ name: "b__1", classname: "b", error: { type: "errored", message: "boom" } }] },
    ]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="evalsim" tests="3" failures="1" errors="1" time="1.001">',
        '  <testsuite name="a" id="0" tests="2" failures="1" errors="0" time="1.001" skipped="0">',
        '    <testcase name="a__1" classname="a" time="1.001"/>',
        '    <testcase name="a__2" classname="a">',
        '      <failure type="clean_exit" message="x&lt;y">x&lt;y</failure>',
        "    </testcase>",
        "  </testsuite>",
        '  <testsuite name="b" id="1" tests="1" failures="0" errors="1" skipped="0">',
        '    <testcase name="b__1" classname="b">',
        '      <error type="errored" message="boom">boom</error>',
        "    </testcase>",
        "  </testsuite>",
        "</testsuites>",
        "",
      ].join("\n"),
    );
  });
});

describe("bySuite", () => {
  it("groups in first-seen order", () => {
    const suites = bySuite(["b1", "a1", "b2"], (s) => s[0] as string, (s) => ({ name: s, classname: s[0] as string }));
    expect(suites.map((s) => [s.name, s.cases.map((c) => c.name)])).toEqual([
      ["b", ["b1", "b2"]],
      ["a", ["a1"]],
    ]);
  });
});

describe("runJunit", () => {
  it("fails a failed trial under its first signal's name and names trials when there are several", () => {
    const xml = runJunit([
      rec("d__1", "d", "failed", { success_breakdown: { failed: ["clean_exit"] }, stop_reason: "max_turns" }, 1),
      rec("d__1", "d", "passed", {}, 2),
    ]);
    expect(xml).toContain('<testcase name="d__1 [trial 1]" classname="d">');
    expect(xml).toContain('<failure type="clean_exit" message="clean_exit: the conversation ended by max_turns, not [EXIT]">');
    expect(xml).toContain('<testcase name="d__1 [trial 2]" classname="d"/>');
  });
});
