/**
 * Policy rules decide from the policy text and the tools' semantics, never
 * from which scenario is running: no rule source names a scenario (a
 * `<bucket>__<id>` name, or any shipped scenario's upstream id as a quoted
 * string next to a bucket), and every built-in rule cites a policy section
 * and sentence and watches tools its domain has.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { domains } from "../../src/domains/index.js";
import { findTool } from "../../src/engine/toolbox.js";

const ROOT = join(import.meta.dirname, "..", "..", "src", "domains");

function policySources(): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  for (const d of readdirSync(ROOT)) {
    const dir = join(ROOT, d, "policy");
    let files: string[];
    try {
      files = readdirSync(dir);
    } catch {
      continue;
    }
    for (const f of files) if (f.endsWith(".ts")) out.push({ file: `${d}/policy/${f}`, text: readFileSync(join(dir, f), "utf8") });
  }
  return out;
}

describe("policy rule sources", () => {
  it("exist for the domains with rules", () => {
    const files = policySources().map((s) => s.file.split("/")[0]);
    expect(new Set(files)).toEqual(new Set(domains.filter((d) => (d.policyRules ?? []).length > 0).map((d) => d.name)));
  });

  it("name no scenario", () => {
    const scenarioName = /\b(?:eva_airline|tau2_airline|tau2_retail|tau2_telecom\w*|[a-z][a-z0-9_]*)__[A-Za-z0-9_.[\]-]+/;
    const scenarioWord = /\bscenario\.(?:name|upstreamId|bucket)\b/;
    for (const { file, text } of policySources()) {
      expect(scenarioName.exec(text)?.[0], file).toBeUndefined();
      expect(scenarioWord.exec(text)?.[0], file).toBeUndefined();
    }
  });

  it("every rule has a unique id, cites a section and a sentence, and watches tools of its domain", () => {
    const ids = new Set<string>();
    for (const d of domains) {
      for (const r of d.policyRules ?? []) {
        expect(ids.has(r.id), r.id).toBe(false);
        ids.add(r.id);
        expect(r.id).toMatch(/^[a-z]+(\.[a-z0-9-]+)+$/);
        expect(r.policy.section.length, r.id).toBeGreaterThan(0);
        expect(r.policy.sentence.length, r.id).toBeGreaterThan(10);
        for (const t of r.tools) expect(findTool(d, "agent", t, "records"), `${r.id} watches ${t}`).toBeDefined();
      }
    }
    expect(ids.size).toBeGreaterThan(10);
  });
});
