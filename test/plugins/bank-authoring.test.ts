/**
 * What a new author meets writing the agent-only bank domain
 * (test/plugins/bank): `gold` tells every check's verdict and every refused
 * gold call, the oracle passes the `communicate` checks of a correct domain
 * so `check` exits 0, and mistakes the load refuses are one line each.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
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
