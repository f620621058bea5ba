/**
 * A run folder's transcript keeps the arguments and results in the spelling
 * the model read (Python floats stay `260.0`, `2.0`), so the folder replays
 * to the same tree and every recorded result reads back as the one a fresh
 * replay computes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { evalsim, removeScratch, runFolder, scratch, treeDifferences } from "./run-helpers.js";

const TELECOM = "tau2_telecom__service_issue__airplane_mode_on__lock_sim_card_pin__overdue_bill_suspension__easy";

describe("transcript.jsonl keeps what the model read", () => {
  let oracle: string;
  beforeAll(async () => {
    const out = scratch("spelling-oracle");
    const r = await evalsim(["run", "--seed", "4", "--workers", "2", "--out", out]);
    expect(r.code, r.err).toBe(0);
    oracle = runFolder(out);
  }, 600_000);

  it("every built-in scenario's oracle run replays through --agent replay --calls RUN to the same tree", async () => {
    const out = scratch("spelling-replay");
    const r = await evalsim(["run", "--agent", "replay", "--calls", oracle, "--seed", "4", "--workers", "2", "--out", out]);
    expect(r.code, r.err).toBe(0);
    // run_config.json names the agent and the recording; everything else, transcripts included, is byte-identical.
    expect(treeDifferences(oracle, runFolder(out))).toEqual(["run_config.json"]);
  }, 600_000);

  it("writes integral floats as Python floats, and replaying a scenario's transcript gives every recorded result", async () => {
    const transcript = join(oracle, "eva_airline__voluntary_date_change", "transcript.jsonl");
    // eva's DB holds fares as floats: the model reads "fare_paid": 260.0.
    expect(readFileSync(transcript, "utf8")).toContain('"fare_paid":260.0');
    const r = await runCli(["replay", "--scenario", "eva_airline__voluntary_date_change", "--calls", transcript]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe("format: evalsim transcript.jsonl");
    expect(r.stdout).toContain('"fare_paid":260.0');
    const compared = r.stdout.split("\n").filter((l) => l.startsWith("    recorded: "));
    expect(compared.length).toBeGreaterThan(2);
    expect(compared.every((l) => l === "    recorded: same")).toBe(true);
    // A run folder names the scenario's transcript.
    const viaFolder = await runCli(["replay", "--scenario", "eva_airline__voluntary_date_change", "--calls", oracle]);
    expect(viaFolder.stdout).toBe(r.stdout);
  });

  it("a float argument (2.0) survives the run folder, on one worker and on two, and gets the error text the model read", async () => {
    const calls = join(scratch("spelling-calls"), `${TELECOM}.json`);
    writeFileSync(calls, '[{"name": "get_customer_by_id", "arguments": {"customer_id": 2.0}}]');
    const direct = await runCli(["replay", "--scenario", TELECOM, "--calls", calls]);
    expect(direct.stdout).toContain('get_customer_by_id {"customer_id":2.0}');
    expect(direct.stdout).toContain("input_value=2.0, input_type=float");
    for (const workers of ["1", "2"]) {
      const out = scratch(`spelling-float-${workers}`);
      const r = await evalsim(["run", "--agent", "replay", "--calls", calls, "--scenarios", TELECOM, "--seed", "4", "--workers", workers, "--out", out]);
      expect(r.code === 0 || r.code === 1, r.err).toBe(true);
      const transcript = join(runFolder(out), TELECOM, "transcript.jsonl");
      expect(readFileSync(transcript, "utf8")).toContain('"arguments":{"customer_id":2.0}');
      const again = await runCli(["replay", "--scenario", TELECOM, "--calls", transcript]);
      expect(again.stdout).toContain("input_value=2.0, input_type=float");
      expect(again.stdout).toContain("    recorded: same");
      expect(again.stdout).not.toContain("differs");
    }
  });
});

afterAll(removeScratch);
