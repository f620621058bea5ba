/**
 * The end of every run in the console: each trial that did not pass, and why, then each policy violation
 * (the command then says where the outputs are).
 */
import { escapeControls } from "../json/control-chars.js";
import type { RunFolder } from "./read-run.js";
import type { ListLayout } from "./name-lines.js";
import { nameRows } from "./name-lines.js";
import { reasonLine } from "./reasons.js";
import { violationPhrase, violationsOf } from "./policy-lines.js";

/** Each failed or errored scenario of a run with the one line saying why, as a run ends with it. */
export function formatFailureList(run: RunFolder, layout: ListLayout = {}): string {
  const bad = run.records.filter((r) => r.status !== "passed");
  const lines: string[] = [];
  if (bad.length > 0) {
    const multi = run.records.some((r) => r.trial > 1);
    const label = (r: (typeof bad)[number]): string => (multi ? `${r.name} [trial ${r.trial}]` : r.name);
    const failed = bad.filter((r) => r.status === "failed").length;
    lines.push("", `Did not pass: ${failed} failed, ${bad.length - failed} errored`);
    lines.push(...nameRows(bad.map((r) => ({ prefix: `  ${(r.status === "errored" ? "ERRORED" : "FAILED").padEnd(7)}  `, name: label(r), text: reasonLine(r) ?? "" })), layout));
  }
  // Violations of the domain's policy, passed trials included: the signal is reported even when it does not gate.
  const broke = run.records.filter((r) => violationsOf(r.metrics).length > 0);
  if (broke.length > 0) {
    const multi = run.records.some((r) => r.trial > 1);
    const rows = broke.flatMap((r) => violationsOf(r.metrics).map((v) => ({ prefix: "  POLICY   ", name: multi ? `${r.name} [trial ${r.trial}]` : r.name, text: violationPhrase(v) })));
    lines.push("", `Policy violations: ${rows.length} in ${broke.length} trial${broke.length === 1 ? "" : "s"}`);
    lines.push(...nameRows(rows, layout));
  }
  // Names and reasons come from the run folder: shown, never obeyed by the terminal.
  return lines.length === 0 ? "" : escapeControls(lines.join("\n") + "\n");
}
