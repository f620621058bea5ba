/**
 * What a new author meets writing the agent-only bank domain
 * (test/plugins/bank): `gold` tells every check's verdict and every refused
 * gold call, the oracle passes the `communicate` checks of a correct domain
 * so `check` exits 0, and mistakes the load refuses are one line each.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CallMatcher, ChecksInput, FieldPath, FieldSpec, ParityCrash, PlanHints, ScenarioChecks } from "../../src/index.js";
import * as api from "../../src/index.js";
import { PROJECT_ROOT } from "../../src/loaders/data-root.js";
import { runCli } from "../helpers/cli.js";
import { writeBank, type Patch } from "./bank/package.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const bank = (patch: Patch = []): string => {
  const file = writeBank(patch);
  dirs.push(dirname(file));
  return file;
};
const cli = (file: string, ...args: string[]) => runCli(["--no-builtin", ...args, "--domains", file]);

describe("gold on the bank domain", () => {
  it("as written: every row passes, and the last line gives no tau2 advice", async () => {
    const r = await cli(bank(), "gold", "--domain", "bank");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("--verify-against");
    expect(r.stdout.trimEnd().split("\n").at(-1)).toBe(
      "3 scenarios replayed: 0/0 end-DB hashes match; 3 with no shipped expected DB (the gold replay's end DB is their expected DB; their assertions and checks verify them); 0 failed",
    );
  });

  it("a failing assertion: the row says FAILED, never ok, with the expected and the actual value", async () => {
    const r = await cli(bank([["data/bank/scenarios.json", `"assert_value": 2450.75`, `"assert_value": 2450`]]), "gold", "--domain", "bank");
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^FAILED +bank__transfer +db \w+ actions 1 assertions 0\/1$/m);
    expect(r.stdout).toContain("         assertion[0] balance (agent): FAILED, expected 2450, actual 2450.75\n");
    expect(r.stdout).toMatch(/^-        bank__lost_card /m);
  });

  it("a predicate that raises: its error is in the text output", async () => {
    const r = await cli(bank([["rules.js", "db.cards[card_id].status", "db.card_list[card_id].status"]]), "gold", "--domain", "bank");
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^FAILED +bank__lost_card /m);
    expect(r.stdout).toMatch(/^ {9}assertion\[0\] card_status \(agent\): FAILED, error: Predicate raised: TypeError: .*$/m);
  });

  it("a gold call the tool refuses fails the row, its message and step first", async () => {
    const r = await cli(bank([["data/bank/scenarios.json", `"card_id": "C1"`, `"card_id": "C55"`]]), "gold", "--domain", "bank");
    expect(r.code).toBe(1);
    const lines = r.stdout.split("\n");
    const at = lines.findIndex((l) => l.startsWith("FAILED   bank__lost_card "));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(lines[at + 1]).toBe("         goldCalls[0] freeze_card (agent) refused: No card with id C55.");
    const json = JSON.parse((await cli(bank([["data/bank/scenarios.json", `"card_id": "C1"`, `"card_id": "C55"`]]), "gold", "--domain", "bank", "--json")).stdout) as { name: string; refused_calls?: unknown[] }[];
    expect(json.find((row) => row.name === "bank__lost_card")?.refused_calls).toEqual([{ index: 0, name: "freeze_card", side: "agent", status: "error", message: "No card with id C55." }]);
  });

  it("a gold list that makes a call its scenario forbids fails on that check", async () => {
    const r = await cli(bank([["data/bank/scenarios.json", `"mustCall": [\n        "transfer_funds"\n      ],`, `"mustNotCall": [{ "name": "transfer_funds" }],`]]), "gold", "--domain", "bank");
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("         mustNotCall transfer_funds: FAILED, a gold call makes it\n");
  });
});

describe("check on the bank domain", () => {
  const out = mkdtempSync(join(tmpdir(), "evalsim-bank-check-"));
  dirs.push(out);
  it("passes: the oracle says what the communicate checks require", async () => {
    const r = await cli(bank(), "check", "--out", out, "--json");
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, domains: [{ bucket: "bank", scenarios: 3, gold_ok: 3, run_passed: 3 }] });
    expect(r.code).toBe(0);
  });
});

describe("mistakes refused when the bank domain loads: one line, exit 2", () => {
  const LOAD: [string, Patch, (file: string) => string][] = [
    [
      "two scenarios with one id",
      [["data/bank/scenarios.json", `"id": "lost_card"`, `"id": "transfer"`]],
      (file) => `domain 'bank' (${file}): scenarios()[0] and scenarios()[2] are both named 'bank__transfer'; give each scenario its own id`,
    ],
    ["a date that does not exist", [["scenarios.js", `today: "2026-05-04"`, `today: "2025-02-30"`]], () => `domain 'bank': scenario 'bank__transfer': today: expected a real date as YYYY-MM-DD, got "2025-02-30"`],
    [
      "a communicate item that can never match",
      [["data/bank/scenarios.json", `"2450.75"`, `"2,450.75"`]],
      () => `domain 'bank': scenario 'bank__transfer': checks.communicate[0] "2,450.75": the agent's messages are compared with their commas removed, so an item with a comma can never be met; write it without commas ("2450.75")`,
    ],
    [
      "a knownDivergences entry of a kind nothing reads",
      [["index.js", "  predicates,\n", `  predicates,\n  knownDivergences: [{ id: "bank:late", scenario: "bank__transfer", kind: "runs", what: "w", evidence: "e", decision: "keep" }],\n`]],
      () => `domain 'bank': knownDivergences[0]: kind "runs": expected one of "fixture", "gold", "run" (see docs/authoring-domains.md, "Differences a domain accepts")`,
    ],
  ];
  it.each(LOAD)("%s", async (_what, patch, line) => {
    const file = bank(patch);
    const r = await cli(file, "list", "--domain", "bank");
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(`evalsim list: ${line(file)}\n`);
    expect(r.code).toBe(2);
  });
});

describe("mistakes gold names as they happen", () => {
  it("a policy that holds the description and a gold call: a warning naming the scenario and the text", async () => {
    const r = await cli(bank([["scenarios.js", "policy: POLICY,", "policy: POLICY + ' ' + e.description + ' Calls: ' + JSON.stringify(e.gold),"]]), "gold", "--domain", "bank");
    expect(r.stdout).toContain("         warning: prompt leak: scenario 'bank__transfer': the agent prompt contains the scenario's description; the agent must not be told what a correct agent does (keep it in description or graderNotes)\n");
    expect(r.stdout).toContain(`         warning: prompt leak: scenario 'bank__transfer': the agent prompt contains its gold call transfer_funds {"from_account_id":"A1","to_account_id":"A2","amount":300}; the agent must find the calls itself\n`);
    expect(r.stdout).not.toMatch(/get_account \{"account_id":"A1"\}; the agent/);
  });

  it("a read tool that writes: an error naming the tool", async () => {
    const r = await cli(
      bank([["tools.js", `run: (db, { account_id }) => row(db.accounts, account_id) ??`, `run: (db, { account_id }) => (row(db.accounts, account_id) && (db.accounts[account_id].seen = true), row(db.accounts, account_id)) ??`]]),
      "gold",
      "--scenarios",
      "bank__transfer",
    );
    expect(r.stdout).toContain(
      `ERROR    bank__transfer  scenario 'bank__transfer': goldCalls[0] tool get_account (agent) raised an unexpected ReadToolWroteError: tool 'get_account' is declared kind: "read" but changed the DB; declare it kind: "write"`,
    );
    expect(r.code).toBe(1);
  });

  it("a write through a row kept from an earlier call: an error naming the tool", async () => {
    const r = await cli(
      bank([
        ["tools.js", "const row = ", "let kept;\nconst row = "],
        ["tools.js", "const from = row(db.accounts, from_account_id);", "const from = kept && kept.account_id === from_account_id ? kept : row(db.accounts, from_account_id);\n    kept = from;"],
        ["scenarios.js", "goldCalls: () => e.gold,", `goldCalls: () => (e.id === "transfer" ? [...e.gold, e.gold[1]] : e.gold),`],
      ]),
      "gold",
      "--scenarios",
      "bank__transfer",
    );
    expect(r.stdout).toContain("ERROR    bank__transfer  scenario 'bank__transfer': goldCalls[2] tool transfer_funds (agent) raised an unexpected StaleDraftError: a DB object kept from an earlier call was written;");
    expect(r.code).toBe(1);
  });
});

describe("validate-fixtures and list-domains with the bank plugin", () => {
  it("validate-fixtures refuses the mistakes every other command refuses, with the same line", async () => {
    const r = await cli(bank([["data/bank/scenarios.json", `"2450.75"`, `"2,450.75"`]]), "validate-fixtures", "--domain", "bank");
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^evalsim validate-fixtures: domain 'bank': scenario 'bank__transfer': checks\.communicate\[0\] "2,450\.75": .*\n$/);
    expect(r.code).toBe(2);
  });

  it("list-domains without the built-in fixtures says in one line to add --no-builtin", async () => {
    const empty = mkdtempSync(join(tmpdir(), "evalsim-no-fixtures-"));
    dirs.push(empty);
    const r = await runCli(["--data-root", empty, "list-domains", "--domains", bank()]);
    expect(r.stderr).toMatch(/^evalsim list-domains: --data-root .* has no 'eva_airline' folder .*; to work with the plugin domains \(bank\) alone, add --no-builtin\n$/);
    expect(r.code).toBe(2);
  });
});

describe("what an author no longer has to guess", () => {
  it("a numeric string for a number: refused by z.number(), taken by laxFloat() as pydantic's lax mode takes it", async () => {
    const asText: Patch = [["data/bank/scenarios.json", `"amount": 300`, `"amount": "300"`]];
    const strict = await cli(bank(asText), "gold", "--scenarios", "bank__transfer");
    expect(strict.stdout).toContain("         goldCalls[1] transfer_funds (agent) refused: Tool arguments failed validation.\n");
    expect(strict.code).toBe(1);
    const lax = await cli(bank([...asText, ["tools.js", "amount: z.number()", "amount: laxFloat()"], ["tools.js", "import { defineTool, z }", "import { defineTool, laxFloat, z }"]]), "gold", "--scenarios", "bank__transfer");
    expect(lax.stdout).toMatch(/^- +bank__transfer +db 444f2248625f actions 1 assertions 1\/1$/m);
    expect(lax.code).toBe(0);
  });

  it("the package index exports the authoring types and the lax argument types", () => {
    const matcher: CallMatcher = { name: "transfer_funds", arguments: { to_account_id: "A3" } };
    const input: ChecksInput = { mustNotCall: [matcher], communicate: ["daily limit"] };
    const checks: ScenarioChecks = { mustNotCall: [matcher], mustCall: [], communicate: ["daily limit"] };
    const hints: PlanHints = { aliases: { to_account_id: ["account_id"] }, shapes: {}, constants: {} };
    const path: FieldPath = ["accounts"];
    const unused: [FieldSpec?, ParityCrash?] = [];
    expect([input, checks, hints, path, unused]).toHaveLength(5);
    for (const name of ["laxFloat", "laxInt", "laxBool", "pyStr", "pyAnyDict", "DIVERGENCE_KINDS", "ReadToolWroteError", "StaleDraftError"]) expect(api).toHaveProperty(name);
    expect(api.DIVERGENCE_KINDS).toEqual(["fixture", "gold", "run"]);
  });

  it("the authoring guide documents the run kind, the rules for tools and gold's output", () => {
    const guide = readFileSync(join(PROJECT_ROOT, "docs", "authoring-domains.md"), "utf8");
    expect(guide).toContain('| `"run"` | a failing scenario of the oracle run that `check` makes | `scenario` |');
    expect(guide).toContain("\n## Rules for tools\n");
    expect(guide).toContain("\n## Reading gold's output\n");
    expect(readFileSync(join(PROJECT_ROOT, "README.md"), "utf8")).not.toContain("`src/index.ts` lists every export");
  });
});

describe("fuzz on the bank domain", () => {
  const aliases = `  fuzz: { hints: { aliases: { from_account_id: ["account_id"], to_account_id: ["account_id"] }, shapes: {}, constants: {} } },\n`;
  const row = (stdout: string, tool: string): number[] => {
    const m = new RegExp(`^  agent ${tool} +(\\d+) +(\\d+) +(\\d+) +(\\d+)$`, "m").exec(stdout);
    expect(m, `${tool} row in\n${stdout}`).not.toBeNull();
    return (m as RegExpExecArray).slice(1).map(Number);
  };

  it("tallies each tool's calls and warns of a tool that never succeeded", async () => {
    const r = await cli(bank(), "fuzz", "--domain", "bank", "--calls", "150");
    expect(r.code).toBe(0);
    const [calls, ok, error, crashed] = row(r.stdout, "transfer_funds");
    expect(ok).toBe(0);
    expect((error as number) + (crashed as number)).toBe(calls);
    expect(r.stdout).toMatch(/^  warning: agent transfer_funds never succeeded in \d+ calls: .*fuzz\.hints\.aliases$/m);
    expect(r.stdout).toContain("crashed: raised the Python exception the reference raises for that call too");
    expect(row(r.stdout, "get_account")[1]).toBeGreaterThan(0);
  });

  it("two id arguments aliased to one table draw two ids, so the transfer is reached", async () => {
    const r = await cli(bank([["index.js", "  predicates,\n", `  predicates,\n${aliases}`]]), "fuzz", "--domain", "bank", "--calls", "150");
    expect(r.code).toBe(0);
    expect(row(r.stdout, "transfer_funds")[1]).toBeGreaterThan(0);
    expect(r.stdout).not.toContain("warning: agent transfer_funds");
  });
});
