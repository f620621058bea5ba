/** `evalsim compare --markdown` and `--junit`: the comparison for a pull request and a CI system. */
import { bySuite, junitXml } from "../results/junit.js";
import { cell, table } from "../results/markdown.js";
import type { Comparison } from "./compare.js";
import { changeReason, intervalText, rateText, transitionText } from "./format.js";

/** A comparison as a Markdown summary for a pull request or `$GITHUB_STEP_SUMMARY`. */
export function compareMarkdown(c: Comparison): string {
  const n = c.counts;
  const out = [`### evalsim compare: ${n.regressed} regressed, ${n.errored_now} errored now, ${n.fixed} fixed, ${n.still_failing} still failing, ${n.still_passing} still passing`, ""];
  out.push(...table(["domain", "base", "cand", "diff (points)", "95% interval"], c.domains.map((d) => [d.domain, rateText(d.success.base), rateText(d.success.cand), d.success.difference === null ? "N/A" : (d.success.difference * 100).toFixed(1), intervalText(d)])));
  const changed = c.scenarios.filter((s) => s.category !== "still_passing" && s.category !== "still_failing");
  if (changed.length > 0) {
    out.push("", `<details${changed.length <= 20 ? " open" : ""}><summary>Changed scenarios (${changed.length})</summary>`, "");
    out.push(...table(["scenario", "category", "change", "reason"], changed.map((s) => [s.name, s.category, transitionText(s), changeReason(s)])));
    out.push("", "</details>");
  }
  if (c.comparability.warnings.length > 0) out.push("", ...c.comparability.warnings.map((w) => `> ${cell(w)}`));
  return out.join("\n") + "\n";
}

/**
 * One testcase per scenario present in the candidate: a regression is a
 * <failure>, a scenario that errored now an <error>; everything else passes
 * (a scenario that still fails is not the change under test).
 */
export function compareJunit(c: Comparison): string {
  const present = c.scenarios.filter((s) => s.cand !== null);
  const suites = bySuite(
    present,
    (s) => s.domain,
    (s) => {
      const base = { name: s.name, classname: s.domain, time: s.cand?.seconds };
      const message = `${s.category}: ${transitionText(s)}${changeReason(s) ? `: ${changeReason(s)}` : ""}`;
      if (s.category === "regressed") return { ...base, failure: { type: "regressed", message } };
      if (s.category === "errored_now") return { ...base, error: { type: "errored_now", message } };
      return base;
    },
  );
  return junitXml("evalsim compare", suites);
}
