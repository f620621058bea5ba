/**
 * The surface family against a stand-in reference tree: a prompt line the
 * harness's bridge sends that evalsim's record of the reference does not
 * hold is flagged, with its line and text; the unchanged tree is not.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { buildStandIn } from "./stand-in.js";

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

const AGENT = "You are an airline agent.\nBe brief.\nAsk for the confirmation number first.";
const USER = "You are a passenger.\nYour flight was cancelled.";
const NAMES = ["eva_airline__voluntary_date_change", "eva_airline__1_1_3"];

interface Finding {
  family: string;
  key: string;
  example: { scenario: string; reference: unknown };
}

async function surface(tree: string, record: string): Promise<Finding[]> {
  const json = join(tree, "report.json");
  const r = await runCli(["crosscheck", "--reference", tree, "--only", "surface", "--domain", "eva_airline", "--surface-record", record, "--json", json]);
  expect(r.stderr).not.toMatch(/error/i);
  const report = JSON.parse(readFileSync(json, "utf8")) as { findings: Finding[] };
  // The stand-in registers two of evalsim's scenarios and one tool: only its prompts are under test here.
  return report.findings.filter((f) => / (agent|user)_prompt: /.test(f.key));
}

describe("crosscheck surface family", () => {
  it("flags a changed prompt line, names it, and passes the tree it was recorded from", async () => {
    const scenarios = Object.fromEntries(NAMES.map((n) => [n, { agent: AGENT, user: USER }]));
    const original = buildStandIn({ scenarios });
    made.push(original);
    const record = join(original, "record.json");
    const written = await runCli(["crosscheck", "--reference", original, "--domain", "eva_airline", "--write-surface-record", record]);
    expect(written.code).toBe(0);
    expect(readFileSync(record, "utf8")).not.toContain("Be brief");

    expect(await surface(original, record)).toEqual([]);

    const changed = buildStandIn({ scenarios: { ...scenarios, [NAMES[1] as string]: { agent: AGENT.replace("Be brief.", "Be thorough."), user: USER } } });
    made.push(changed);
    const found = await surface(changed, record);
    expect(found.map((f) => [f.family, f.key, f.example.scenario, f.example.reference])).toEqual([
      ["surface", "eva_airline agent_prompt: a line evalsim's record of the reference does not hold", NAMES[1], { line: 2, text: "Be thorough." }],
    ]);
  }, 60_000);
});
