/**
 * The mistakes an author makes in a new domain, each patched into a
 * pharmacy-refill domain written from scratch (test/plugins/pharmacy): each
 * is one line naming the place and the fix, with exit 2, and never a
 * silent skip, a passing do-nothing agent or an internal error. The
 * built-in domains still list and run beside the broken plugin.
 */
import { rmSync } from "node:fs";
import { dirname } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { writePharmacy, type Patch } from "./pharmacy/package.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const pharmacy = (patch: Patch = []): string => {
  const file = writePharmacy(patch);
  dirs.push(dirname(file));
  return file;
};

/**
 * Each mistake, the patch that makes it, and the line every command gives
 * for it: one per scenario the mistake is in (a mistake in scenarios.js is
 * in both scenarios; `S` stands for the scenario's name).
 */
const S = "pharmacy__(?:refill|controlled)";
const both = (source: string): RegExp => new RegExp(source.replaceAll("<S>", S));
const MISTAKES: [string, Patch, RegExp, number][] = [
  [
    "a gold call naming a tool that does not exist",
    [["data/pharmacy/scenarios.json", `"name": "request_refill"`, `"name": "refill_prescription"`]],
    /^domain 'pharmacy': scenario 'pharmacy__refill': goldCalls\[1\]: no agent tool named 'refill_prescription'; use one of find_patient, get_prescription, request_refill, transfer_to_pharmacist, EndConversationTool, or add the tool to tools\.agent$/,
    1,
  ],
  [
    "two tools of one name",
    [["tools.js", `name: "get_prescription"`, `name: "find_patient"`]],
    /^domain 'pharmacy': tools\.agent\[0\] and tools\.agent\[1\] are both named 'find_patient'; rename one of them or drop the duplicate/,
    1,
  ],
  [
    "an initial DB that does not fit the declared schema",
    [["data/pharmacy/db.json", `"refills_left": 2`, `"refills_left": "2"`]],
    both(`^domain 'pharmacy': scenario '<S>': initial agent DB does not fit fixtures\\.dbSchemas\\.agent: prescriptions\\.RX1\\.refills_left: expected a number, found "2"; fix the data or the schema$`),
    2,
  ],
  [
    "an init function that does not exist",
    [["scenarios.js", `func_name: "enable_alerts"`, `func_name: "enable_alert"`]],
    both("^domain 'pharmacy': scenario '<S>': initializationActions\\[0\\]: no init function named 'enable_alert'; use one of enable_alerts, or add it to initFunctions$"),
    2,
  ],
  [
    "a predicate that does not exist",
    [["scenarios.js", `func_name: "alerts_on"`, `func_name: "alerts_enabled"`]],
    both("^domain 'pharmacy': scenario '<S>': dbStateAssertions\\[0\\]: no predicate named 'alerts_enabled'; use one of open_orders, alerts_on, or add it to predicates$"),
    2,
  ],
  [
    "is_action_match gating a scenario that ships its expected DB",
    [["scenarios.js", `      goldCalls: () => e.gold,`, `      goldCalls: () => e.gold,\n      successSignals: ["is_action_match", "clean_exit"],\n      shippedExpectedDb: () => db,`]],
    both("^domain 'pharmacy': scenario '<S>': successSignals: is_action_match gates, but the scenario ships its expected DB, so it has no reference actions and is_action_match is always N/A; drop shippedExpectedDb"),
    2,
  ],
  [
    "scenarios() throwing a ZodError",
    [["data/pharmacy/scenarios.json", `"id": "refill"`, `"id": 7`]],
    /^domain 'pharmacy': scenarios\(\) raised ZodError: \[0\]\.id: Invalid input: expected string, received number; fix the domain's scenarios\(\)$/,
    1,
  ],
];

const COMMANDS: [string, string[]][] = [
  ["list", ["--domain", "pharmacy"]],
  ["gold", ["--domain", "pharmacy"]],
  ["run", ["--domain", "pharmacy", "--agent", "oracle", "--out", "/nonexistent/evalsim-never-written"]],
  ["fuzz", ["--domain", "pharmacy", "--calls", "20"]],
  ["prompts", ["export", "--domain", "pharmacy", "--out", "/nonexistent/evalsim-never-written.json"]],
];

describe("the sample pharmacy domain, as written", () => {
  it("passes gold and an oracle run", async () => {
    const file = pharmacy();
    const gold = await runCli(["gold", "--domain", "pharmacy", "--domains", file]);
    expect(gold.stderr).toBe("");
    expect(gold.code).toBe(0);
    expect(gold.stdout).toMatch(/pharmacy__refill .* actions 1 assertions 1\/1/);
    expect(gold.stdout).toMatch(/pharmacy__controlled .* actions 0 assertions 1\/1/);
  });
});

describe.each(MISTAKES)("%s", (_what, patch, line, count) => {
  const file = pharmacy(patch);
  it.each(COMMANDS)("%s: one line naming the place and the fix, exit 2", async (command, args) => {
    const r = await runCli([command, ...args, "--domains", file]);
    expect(r.stdout).toBe("");
    const lines = r.stderr.replace(/\n$/, "").split("\n");
    expect(lines).toHaveLength(count);
    const prefix = `evalsim ${command}: `;
    for (const l of lines) {
      expect(l.startsWith(prefix)).toBe(true);
      expect(l.slice(prefix.length)).toMatch(line);
    }
    expect(r.code).toBe(2);
  });

  it("list-domains: the built-in domains listed, the line, exit 2", async () => {
    const r = await runCli(["list-domains", "--domains", file]);
    expect(r.stdout).toMatch(/^eva_airline\s+50  \(domain eva_airline\)$/m);
    expect(r.stdout).not.toMatch(/^pharmacy\b/m);
    const lines = r.stderr.replace(/\n$/, "").split("\n");
    expect(lines).toHaveLength(count);
    for (const l of lines) expect(l.slice("evalsim list-domains: ".length)).toMatch(line);
    expect(r.code).toBe(2);
  });
});

describe("a broken plugin beside the built-in domains and a good plugin", () => {
  it("a built-in domain still runs gold beside a module that cannot be loaded; its line is printed and the exit is 2", async () => {
    const broken = pharmacy([["index.js", `const dataRoot =`, `throw new TypeError("no pharmacy");\nconst dataRoot =`]]);
    const r = await runCli(["gold", "--domain", "eva_airline", "--domains", broken]);
    expect(r.stdout).toMatch(/^50 scenarios replayed: 50\/50 end-DB hashes match, 0 failed$/m);
    expect(r.stderr).toBe(`evalsim gold: ${broken}: cannot load: TypeError: no pharmacy\n`);
    expect(r.code).toBe(2);
  });

  it("a built-in domain runs gold beside a plugin domain with mistakes, which is not loaded", async () => {
    const broken = pharmacy([["tools.js", `name: "get_prescription"`, `name: "find_patient"`]]);
    const r = await runCli(["gold", "--domain", "tau2_airline", "--domains", broken]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
  });

  it("a module that throws on import leaves a good plugin working", async () => {
    const broken = pharmacy([["index.js", `const dataRoot =`, `throw new TypeError("no pharmacy");\nconst dataRoot =`]]);
    const good = pharmacy();
    const r = await runCli(["--no-builtin", "list-domains", "--domains", broken, "--domains", good]);
    expect(r.stdout).toBe("pharmacy                    2  (domain pharmacy)\n");
    expect(r.stderr).toBe(`evalsim list-domains: ${broken}: cannot load: TypeError: no pharmacy\n`);
    expect(r.code).toBe(2);
  });
});

describe("a tool that throws in gold", () => {
  it("names the scenario and the call, goes on with the others and exits 1", async () => {
    const file = pharmacy([
      ["tools.js", `if (rx.refills_left < 1)`, `if (rx.drug === "lisinopril") throw new Error("pharmacy backend down");\n    if (rx.refills_left < 1)`],
      ["data/pharmacy/scenarios.json", `"id": "refill",`, `"id": "refill", "x": 1,`],
    ]);
    const r = await runCli(["gold", "--domain", "pharmacy", "--domains", file]);
    expect(r.stderr).toBe("");
    expect(r.stdout).toContain("ERROR    pharmacy__refill  scenario 'pharmacy__refill': goldCalls[1] tool request_refill (agent) raised an unexpected Error: pharmacy backend down; fix the tool's handler");
    expect(r.code).toBe(1);
  });
});

describe("a record of the wrong shape", () => {
  it("is refused when recorded, naming the tool and the shape", async () => {
    const file = pharmacy([["tools.js", `ctx.record({ action_type: "request_refill", name: "request_refill", arguments: { rx_id }, result });`, `ctx.record({ rx_id, result });`]]);
    const r = await runCli(["gold", "--domain", "pharmacy", "--domains", file]);
    expect(r.stdout).toContain(
      "ERROR    pharmacy__refill  scenario 'pharmacy__refill': goldCalls[1] tool request_refill (agent) raised an unexpected RecordShapeError: tool 'request_refill': ctx.record: action_type undefined does not name the tool (expected 'request_refill'); record ctx.record({ action_type: \"<tool>\", name: \"<tool>\", arguments: {...}, result: {...} })",
    );
    expect(r.code).toBe(1);
  });
});

describe("fuzz's repro command", () => {
  it("carries the --domains that loads the plugin", async () => {
    const file = pharmacy([["tools.js", `if (rx.refills_left < 1)`, `if (rx.drug === "oxycodone") throw new Error("boom");\n    if (rx.refills_left < 1)`]]);
    const r = await runCli(["fuzz", "--domain", "pharmacy", "--calls", "200", "--domains", file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(new RegExp(`^  replay: evalsim fuzz --domains ${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} --domain pharmacy --max-calls 12 --seed \\d+ --path [\\d:]+$`, "m"));
  });
});

describe("a sync applier that appends instead of setting", () => {
  it("is caught by fuzz: applying a delta once more changes the DB", async () => {
    const file = pharmacy([
      ["rules.js", "applyDelta(db, delta) {\n    return [];", "applyDelta(db, delta) {\n    if (delta.notifications) db.notifications.push(...delta.notifications);\n    return [];"],
    ]);
    const r = await runCli(["fuzz", "--domain", "pharmacy", "--calls", "200", "--domains", file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/\[the sync applier is idempotent\] step \d+: after request_refill: applying the user delta \{"notifications":\["Refill O1 is on its way"\]\} once more changes the user DB/);
  });

  it("an applier that sets passes", async () => {
    const r = await runCli(["fuzz", "--domain", "pharmacy", "--calls", "200", "--domains", pharmacy()]);
    expect(r.stdout).toMatch(/^pharmacy: \d+ calls, 0 violations/m);
    expect(r.code).toBe(0);
  });
});
