/** The end of every run in the console: each trial that did not pass, and why (the command then says where the outputs are). */
import type { RunFolder } from "./run-folder.js";
import { reasonLine } from "./reasons.js";

export function formatFailureList(run: RunFolder): string {
  const bad = run.records.filter((r) => r.status !== "passed");
  const lines: string[] = [];
  if (bad.length > 0) {
    const multi = run.records.some((r) => r.trial > 1);
    const label = (r: (typeof bad)[number]): string => (multi ? `${r.name} [trial ${r.trial}]` : r.name);
    const width = Math.max(...bad.map((r) => label(r).length));
    const failed = bad.filter((r) => r.status === "failed").length;
    lines.push("", `Did not pass: ${failed} failed, ${bad.length - failed} errored`);
    for (const r of bad) lines.push(`  ${(r.status === "errored" ? "ERRORED" : "FAILED").padEnd(7)}  ${label(r).padEnd(width)}  ${reasonLine(r) ?? ""}`);
  }
  return lines.length === 0 ? "" : lines.join("\n") + "\n";
}
