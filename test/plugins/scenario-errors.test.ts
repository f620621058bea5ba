/**
 * A plugin scenario that breaks the rules defineScenario enforces (gating
 * signals the reference refuses, a missing or mistyped field, a name the
 * domain's --domain cannot select) stops every command that selects it with
 * one line naming the domain, the scenario and the field, and exit 2: never
 * an internal error, never a partial run. A command over every domain
 * (list-domains) leaves it out, says so in that line and still exits 2.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { defineScenario } from "../../src/domains/shared/define-scenario.js";
import { ScenarioDefinitionError } from "../../src/engine/scenario.js";
import { runCli } from "../helpers/cli.js";

const dir = mkdtempSync(join(tmpdir(), "evalsim-bad-scenario-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A plugin module whose one scenario is a good one with `patch` applied (as JavaScript source). */
function plugin(file: string, patch: string): string {
  const path = join(dir, file);
  writeFileSync(
    path,
    `const end = { name: "EndConversationTool", description: "End.", args: { safeParse: (v) => ({ success: true, data: v }) }, kind: "read", exit: "always", ignoresArgs: true, needsDb: false, run: () => ({ success: true }) };
const good = {
  name: "bad__one", bucket: "bad", domain: "bad", upstreamId: "one", description: "d",
  successSignals: ["db_state_match", "clean_exit"], today: "2026-01-05", todayFromClock: false,
  initialDbs: () => ({ agent: {} }), initializationActions: [], dbStateAssertions: [], nlAssertions: [],
  goldCalls: () => [], shippedExpectedDb: () => undefined, agentPrompt: () => "a", userPrompt: () => "u",
  user: { opening: "Hi", goal: "g", knownInfo: "", unknownInfo: "", instructions: "" }, labels: {},
};
export const bad = {
  name: "bad", tools: { agent: [end] }, unknownArgs: "reject",
  argumentError: () => ({ error: "bad args" }), dbNotInitialized: () => ({ error: "no DB" }),
  scenarios: () => [{ ...good, ${patch} }],
};
`,
  );
  return path;
}

const defects: [string, string, string][] = [
  ["an unknown gating signal", `successSignals: ["db_state_match", "bogus"]`, "domain 'bad': scenario 'bad__one': success_signals contains unknown signal(s) bogus; valid signals: "],
  ["no gating signal", `successSignals: []`, "domain 'bad': scenario 'bad__one': success_signals must be a non-empty list of "],
  ["a missing function", `goldCalls: undefined`, "domain 'bad': scenario 'bad__one': goldCalls: expected a function, got undefined"],
  ["a bucket --domain cannot select", `name: "other__one", bucket: "other"`, "domain 'bad': scenario 'other__one': bucket: expected 'bad' or 'bad_<variant>', so that --domain selects it; got \"other\""],
  ["a date that is not YYYY-MM-DD", `today: "5 Jan 2026"`, "domain 'bad': scenario 'bad__one': today: expected a real date as YYYY-MM-DD, got \"5 Jan 2026\""],
];

const calls = join(dir, "calls.json");
writeFileSync(calls, "[]");
const commands: [string, string[]][] = [
  ["list", ["--domain", "bad"]],
  ["gold", ["--domain", "bad"]],
  ["run", ["--domain", "bad", "--agent", "oracle", "--out", join(dir, "runs")]],
  ["replay", ["--scenario", "bad__one", "--calls", calls]],
  ["validate-fixtures", ["--domain", "bad"]],
  ["fuzz", ["--domain", "bad", "--calls", "5"]],
];

describe.each(defects)("a plugin scenario with %s", (what, patch, message) => {
  const file = plugin(`${what.replace(/\W+/g, "-")}.mjs`, patch);
  it("list-domains: the built-in domains listed, one line about the plugin, exit 2", async () => {
    const r = await runCli(["list-domains", "--domains", file]);
    expect(r.stdout).toMatch(/^eva_airline\s+50  \(domain eva_airline\)$/m);
    expect(r.stdout).not.toMatch(/^bad\b/m);
    expect(r.stderr.slice(0, -1).split("\n")).toHaveLength(1);
    expect(r.stderr.startsWith(`evalsim list-domains: ${message}`)).toBe(true);
    expect(r.code).toBe(2);
  });
  it.each(commands)("%s: one line naming the domain, scenario and field, exit 2", async (command, args) => {
    const r = await runCli([command, ...args, "--domains", file]);
    expect(r.stdout).toBe("");
    expect(r.stderr.endsWith("\n")).toBe(true);
    const lines = r.stderr.slice(0, -1).split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]?.startsWith(`evalsim ${command}: ${message}`)).toBe(true);
    expect(r.code).toBe(2);
  });
});

describe("defineScenario names the scenario and the field", () => {
  const input = { name: "desk__a", domain: "desk", description: "d", initialDbs: () => ({}), goldCalls: () => [] };
  it.each([
    ["a name without a bucket", { ...input, name: "desk" }, `scenario "desk": name: expected <bucket>__<id>`],
    ["a missing description", { ...input, description: undefined }, "scenario 'desk__a': description: expected a string, got undefined"],
    ["initialDbs that is not a function", { ...input, initialDbs: { agent: {} } }, "scenario 'desk__a': initialDbs: expected a function, got object"],
    ["an unknown signal", { ...input, successSignals: ["db_state_match", "nope"] }, "scenario 'desk__a': success_signals contains unknown signal(s) nope;"],
  ])("%s", (_what, bad, message) => {
    let thrown: unknown;
    try {
      defineScenario(bad as Parameters<typeof defineScenario>[0]);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ScenarioDefinitionError);
    expect((thrown as Error).message.startsWith(message)).toBe(true);
  });
});
