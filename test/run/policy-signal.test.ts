/**
 * The `policy` signal of a run: tau2_airline__7's calls without the cabin
 * upgrade cancel a basic economy reservation that nothing makes cancellable.
 * Replayed by the replay agent, the trial's metrics.json lists the violation
 * (rule, step, turn, tool, facts), the reason line and the console name the
 * rule first, JUnit, Markdown, the report and compare show it, and `--gate
 * policy` makes it gate. The gold calls themselves (the oracle agent) break
 * nothing and write no policy field.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { evalsim, removeScratch, runFolder, scratch } from "./run-helpers.js";
import { readRunFolder } from "../../src/results/read-run.js";
import { TextTable, trialDetail } from "../../src/report/details.js";

/** The reason line's lead for the acceptance case: the diagnosis of the decisive call. */
const LEAD = "decisive: step 2 CancelReservationTool(XEHM4B) — breaks policy rule airline.cancel.eligibility; gold had UpdateReservationFlightsTool(XEHM4B, cabin business, payment_id credit_card_2408938); ";

afterAll(removeScratch);

const S = "tau2_airline__7";
const CALLS = [
  { name: "get_reservation_details", arguments: { reservation_id: "XEHM4B" } },
  { name: "get_reservation_details", arguments: { reservation_id: "59XX6W" } },
  { name: "cancel_reservation", arguments: { reservation_id: "XEHM4B" } },
  { name: "cancel_reservation", arguments: { reservation_id: "59XX6W" } },
];
const metrics = (dir: string, scenario = S): Record<string, unknown> => JSON.parse(readFileSync(join(dir, scenario, "metrics.json"), "utf8")) as Record<string, unknown>;

describe("the policy signal of a run", () => {
  const calls = join(scratch("policy-calls"), "calls.json");
  writeFileSync(calls, JSON.stringify(CALLS));

  const oracleOut = scratch("policy-oracle");
  const out = scratch("policy-run");
  const files = scratch("policy-files");

  it("lists the violation in metrics.json, the console, JUnit, Markdown and the report; reported, not gating", async () => {
    const r = await evalsim(["run", "--agent", "replay", "--calls", calls, "--scenarios", S, "--workers", "1", "--out", out, "--junit", join(files, "j.xml"), "--markdown", join(files, "m.md")]);
    const m = metrics(runFolder(out));
    expect(m["policy_violations"]).toEqual([
      {
        scenario: S,
        step: 2,
        turn: 6,
        tool: "CancelReservationTool",
        rule: "airline.cancel.eligibility",
        facts: {
          reservation: "XEHM4B",
          cabin: "basic_economy",
          insurance: "no",
          booked: "2024-05-01 (14 days before today)",
          "flights cancelled by the airline": [],
          "reason for cancellation": "not checked (only the conversation holds it)",
        },
      },
    ]);
    expect((m["success_breakdown"] as { failed: string[] }).failed).toEqual(["db_state_match"]);
    // The broken rule is also the decisive step: the cancellation lost the task, and the diagnosis names the rule.
    expect(m["diagnosis"]).toMatchObject({ kind: "policy", step: 2, rule: "airline.cancel.eligibility", call: { name: "CancelReservationTool" } });
    expect(r.out).toContain(`FAILED   ${S}  ${LEAD}policy: airline.cancel.eligibility at step 2 (CancelReservationTool): reservation: XEHM4B`);
    expect(r.out).toContain("Policy violations: 1 in 1 trial\n");
    const junit = readFileSync(join(files, "j.xml"), "utf8");
    expect(junit).toContain("<system-out>policy: airline.cancel.eligibility at step 2 (CancelReservationTool): reservation: XEHM4B, cabin: basic_economy");
    expect(junit).toContain(`message="${LEAD}policy: airline.cancel.eligibility at step 2`);
    expect(readFileSync(join(files, "m.md"), "utf8")).toContain("| tau2_airline__7 | 2 | CancelReservationTool | airline.cancel.eligibility | reservation: XEHM4B, cabin: basic_economy, insurance: no, booked: 2024-05-01 (14 days before today)");
    const report = join(files, "report.html");
    expect((await evalsim(["report", runFolder(out), "--out", report])).code).toBe(0);
    // The list of scenarios that did not pass shows the reason line; each trial's page lists its violations.
    expect(readFileSync(report, "utf8")).toContain(`<td class="reason">${LEAD}policy: airline.cancel.eligibility at step 2 (CancelReservationTool): reservation: XEHM4B`);
    const rec = readRunFolder(runFolder(out)).records[0]!;
    expect(trialDetail(rec, new TextTable())["policy"]).toEqual([expect.stringMatching(/^airline\.cancel\.eligibility at step 2 \(CancelReservationTool\): reservation: XEHM4B, cabin: basic_economy/)]);
  });

  it("--gate policy makes it a failed gating signal", async () => {
    const out = scratch("policy-gate");
    await evalsim(["run", "--agent", "replay", "--calls", calls, "--scenarios", S, "--workers", "1", "--gate", "policy", "--out", out]);
    const m = metrics(runFolder(out));
    expect((m["success_breakdown"] as { failed: string[] }).failed).toEqual(["db_state_match", "policy"]);
    expect(m["is_successful"]).toBe(false);
  });

  it("the gold calls break nothing: no policy field, no policy lines", async () => {
    const r = await evalsim(["run", "--scenarios", S, "--workers", "1", "--out", oracleOut]);
    expect(r.code, r.err).toBe(0);
    expect(metrics(runFolder(oracleOut))).not.toHaveProperty("policy_violations");
    expect(r.out).not.toContain("Policy violations");
  });

  it("a gold list is not held to rules that need the whole conversation: the oracle and its replay are not, other calls are", async () => {
    // A retail gold list acts without the look-ups that locate the user (they are not graded calls).
    const R = "tau2_retail__113";
    const oracle = scratch("policy-oracle-retail");
    expect((await evalsim(["run", "--scenarios", R, "--workers", "1", "--out", oracle])).code).toBe(0);
    expect(metrics(runFolder(oracle), R)).not.toHaveProperty("policy_violations");
    // The oracle run replayed is the gold list again: judged as the oracle was.
    const replayed = scratch("policy-replay-retail");
    await evalsim(["run", "--agent", "replay", "--calls", runFolder(oracle), "--scenarios", R, "--workers", "1", "--out", replayed]);
    expect(metrics(runFolder(replayed), R)).not.toHaveProperty("policy_violations");
    // The same actions with a look-up only after them are not the gold list: the whole conversation is judged.
    const late = join(scratch("policy-late-lookup"), `${R}.json`);
    const cancel = (order: string) => ({ name: "cancel_pending_order", arguments: { order_id: order, reason: "ordered by mistake" } });
    writeFileSync(late, JSON.stringify([cancel("#W5056519"), cancel("#W5995614"), { name: "get_order_details", arguments: { order_id: "#W5056519" } }]));
    const lateOut = scratch("policy-late-retail");
    await evalsim(["run", "--agent", "replay", "--calls", late, "--scenarios", R, "--workers", "1", "--out", lateOut]);
    const rules = (metrics(runFolder(lateOut), R)["policy_violations"] as { rule: string }[]).map((v) => v.rule);
    expect(rules[0]).toBe("retail.auth.locate-user-first");
  });

  it("compare lists the rule as appeared (oracle to replay) and as went away (the other way)", async () => {
    const forward = await evalsim(["compare", runFolder(oracleOut), runFolder(out), "--fail-on", "never"]);
    expect(forward.out).toContain(`Policy violations that appeared (1):\n  ${S}  airline.cancel.eligibility at step 2 (CancelReservationTool): reservation: XEHM4B`);
    const back = await evalsim(["compare", runFolder(out), runFolder(oracleOut), "--fail-on", "never", "--json"]);
    const c = JSON.parse(back.out) as { policy: { appeared: unknown[]; went_away: { name: string; rule: string }[] } };
    expect(c.policy.appeared).toEqual([]);
    expect(c.policy.went_away.map((p) => [p.name, p.rule])).toEqual([[S, "airline.cancel.eligibility"]]);
  });
});
