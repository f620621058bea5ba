/**
 * `evalsim audit --policy`: gold calls replayed with the policy rules
 * watching. The shipped tau2 task sets break no rule; a copy of the airline
 * set whose task 7 cancels the basic economy reservation without the cabin
 * upgrade first (as a user's own copy of a task set might) is reported with
 * the gold step, the rule and its facts, and fails the audit until a known
 * divergence records it.
 */
import { afterAll, describe, expect, it } from "vitest";
import { auditCommand } from "../../src/cli/commands/audit.js";
import { auditPolicy, policyDivergenceId, unknownFindings } from "../../src/audit/policy.js";
import { registry } from "../../src/domains/index.js";
import { loadCatalog } from "../../src/engine/catalog.js";
import { commandContext } from "../helpers/command-context.js";
import { copyRoot, editJson, removeCopies } from "../helpers/fixture-copies.js";

afterAll(removeCopies);

interface Task {
  id: string;
  evaluation_criteria: { actions: { name: string }[] };
}

describe("auditPolicy", () => {
  it("the shipped tau2_airline and tau2_retail gold lists break none of their rules", () => {
    const catalog = loadCatalog(registry, {}, [registry.domain("tau2_airline")!, registry.domain("tau2_retail")!]);
    const r = auditPolicy(catalog.entries);
    expect(r.findings).toEqual([]);
    expect(r.counts["tau2_airline"]).toMatchObject({ scenarios: 50, findings: 0 });
    expect(r.counts["tau2_retail"]).toMatchObject({ scenarios: 114, findings: 0 });
  });
});

describe("evalsim audit --policy on a task set whose gold breaks the policy", () => {
  const root = copyRoot("tau2_airline");
  editJson(root, "tau2_airline/tasks.json", (doc) => {
    const task = (doc as Task[]).find((t) => t.id === "7")!;
    task.evaluation_criteria.actions = task.evaluation_criteria.actions.filter((a) => a.name !== "update_reservation_flights");
  });

  it("lists the violation with its gold step, rule and facts, and exits 1", async () => {
    const ctx = commandContext(root);
    const code = await auditCommand(["--policy", "--domain", "tau2_airline", "--json"], ctx);
    expect(code).toBe(1);
    const out = JSON.parse(ctx.io.stdout()) as { findings: Record<string, unknown>[]; unknown: number };
    expect(out.unknown).toBe(1);
    expect(out.findings).toEqual([
      {
        scenario: "tau2_airline__7",
        step: 2,
        tool: "cancel_reservation",
        arguments: { reservation_id: "XEHM4B" },
        rule: "airline.cancel.eligibility",
        facts: {
          reservation: "XEHM4B",
          cabin: "basic_economy",
          insurance: "no",
          booked: "2024-05-01 (14 days before today)",
          "flights cancelled by the airline": [],
          "reason for cancellation": "not checked (only the conversation holds it)",
        },
        known: null,
      },
    ]);
    const text = commandContext(root);
    expect(await auditCommand(["--policy", "--domain", "tau2_airline"], text)).toBe(1);
    expect(text.io.stdout()).toContain(
      "tau2_airline__7 step 2 cancel_reservation: airline.cancel.eligibility (reservation: XEHM4B, cabin: basic_economy, insurance: no, booked: 2024-05-01 (14 days before today), flights cancelled by the airline: none",
    );
    expect(text.io.stdout()).toContain("tau2_airline: 50 scenarios, 11 rules, 1 violation in gold calls (0 known)\n");
  });

  it("a known divergence of kind policy with the finding's id makes it known", () => {
    const catalog = loadCatalog(registry, { flag: root }, [registry.domain("tau2_airline")!]);
    const entry = catalog.byName.get("tau2_airline__7")!;
    const id = policyDivergenceId("tau2_airline__7", "airline.cancel.eligibility");
    const known = [{ id, scenario: "tau2_airline__7", kind: "policy", what: "w", evidence: "e", decision: "d" }];
    const r = auditPolicy([entry], known);
    expect(r.findings.map((f) => f.known)).toEqual([id]);
    expect(unknownFindings(r)).toEqual([]);
  });
});
