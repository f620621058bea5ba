/**
 * JUnit XML for CI systems: one <testsuite> per domain, one <testcase> per
 * scenario trial; a failed trial carries <failure> with its reason line, an
 * errored one <error>. Attribute and text escaping follow XML 1.0 (characters
 * XML cannot carry are dropped).
 */
import type { TrialRecord } from "./read-run.js";
import { evidenceLine, reasonLine } from "./reasons.js";
import { violationPhrase, violationsOf } from "./policy-lines.js";

export interface JunitCase {
  readonly name: string;
  readonly classname: string;
  /** Seconds the case took (the conversation's simulated duration), when known. */
  readonly time?: number | undefined;
  readonly failure?: { readonly type: string; readonly message: string };
  readonly error?: { readonly type: string; readonly message: string };
  /** Text for the case's `<system-out>`: the trial's policy violations, which a passed trial reports too. */
  readonly systemOut?: string;
}

export interface JunitSuite {
  readonly name: string;
  readonly cases: readonly JunitCase[];
}

const NOT_XML = /[^\x09\x0a\x0d\x20-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

export function xmlEscape(s: string): string {
  return s.replace(NOT_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** Seconds with millisecond precision, as JUnit readers expect. */
const seconds = (s: number): string => (Math.round(s * 1000) / 1000).toFixed(3);

/** A trial's simulated conversation time, from its metrics. */
export const trialSeconds = (r: TrialRecord): number | undefined => {
  const d = r.metrics["duration_seconds"] ?? r.metrics["scenario_duration"];
  return typeof d === "number" && Number.isFinite(d) ? d : undefined;
};

const attrs = (a: Record<string, string | number>): string =>
  Object.entries(a)
    .map(([k, v]) => ` ${k}="${xmlEscape(String(v))}"`)
    .join("");

export function junitXml(name: string, suites: readonly JunitSuite[]): string {
  const count = (cs: readonly JunitCase[]): { tests: number; failures: number; errors: number; time?: string } => {
    const times = cs.flatMap((c) => (c.time === undefined ? [] : [c.time]));
    return {
      tests: cs.length,
      failures: cs.filter((c) => c.failure).length,
      errors: cs.filter((c) => c.error).length,
      ...(times.length > 0 ? { time: seconds(times.reduce((a, b) => a + b, 0)) } : {}),
    };
  };
  const all = count(suites.flatMap((s) => s.cases));
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites${attrs({ name, ...all })}>`];
  suites.forEach((s, id) => {
    lines.push(`  <testsuite${attrs({ name: s.name, id, ...count(s.cases), skipped: 0 })}>`);
    for (const c of s.cases) {
      const problem = c.failure ? ["failure", c.failure] : c.error ? ["error", c.error] : undefined;
      const head = attrs({ name: c.name, classname: c.classname, ...(c.time !== undefined ? { time: seconds(c.time) } : {}) });
      const out = c.systemOut !== undefined ? [`      <system-out>${xmlEscape(c.systemOut)}</system-out>`] : [];
      if (!problem) {
        lines.push(...(out.length > 0 ? [`    <testcase${head}>`, ...out, "    </testcase>"] : [`    <testcase${head}/>`]));
        continue;
      }
      const [tag, p] = problem as ["failure" | "error", { type: string; message: string }];
      lines.push(`    <testcase${head}>`, `      <${tag}${attrs({ type: p.type, message: p.message })}>${xmlEscape(p.message)}</${tag}>`, ...out, "    </testcase>");
    }
    lines.push("  </testsuite>");
  });
  lines.push("</testsuites>");
  return lines.join("\n") + "\n";
}

/** Group cases by domain in first-seen order. */
export function bySuite<T>(items: readonly T[], suiteOf: (t: T) => string, caseOf: (t: T) => JunitCase): JunitSuite[] {
  const suites = new Map<string, JunitCase[]>();
  for (const it of items) {
    const name = suiteOf(it);
    const list = suites.get(name) ?? [];
    list.push(caseOf(it));
    suites.set(name, list);
  }
  return [...suites].map(([name, cases]) => ({ name, cases }));
}

/** The test case name of a trial: the scenario, with its trial when the run has several. */
export const trialCaseName = (r: TrialRecord, multi: boolean): string => (multi ? `${r.name} [trial ${r.trial}]` : r.name);

/** A run's trials as JUnit XML: a testsuite per domain, a testcase per trial (`--junit`). */
export function runJunit(records: readonly TrialRecord[]): string {
  const multi = records.some((r) => r.trial > 1);
  const suites = bySuite(
    records,
    (r) => r.bucket,
    (r): JunitCase => {
      const violations = violationsOf(r.metrics);
      const out = violations.length > 0 ? { systemOut: violations.map((v) => `policy: ${violationPhrase(v)}`).join("\n") } : {};
      const base = { name: trialCaseName(r, multi), classname: r.bucket, time: trialSeconds(r), ...out };
      const reason = reasonLine(r) ?? "";
      if (r.status === "errored") return { ...base, error: { type: "errored", message: reason } };
      // The type names what failed (the evidence's first signal), not the diagnosis that leads the message.
      if (r.status === "failed") return { ...base, failure: { type: (evidenceLine(r) ?? "").split(":")[0] || "failed", message: reason } };
      return base;
    },
  );
  return junitXml("evalsim", suites);
}
