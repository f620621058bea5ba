/**
 * Check 5 (references). The dangling ids in the real tasks were found
 * independently with a Python walk over the same files (see the evidence in
 * data/known-divergences.json); each planted defect adds exactly one finding.
 */
import { cpSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { evaFixtures } from "../../src/domains/eva_airline/data.js";
import { evaAirline } from "../../src/domains/eva_airline/index.js";
import { EVA_GOLD_DIR } from "../../src/domains/eva_airline/scenarios.js";
import { registry } from "../../src/domains/index.js";
import { createRegistry } from "../../src/engine/registry.js";
import { validateFixtures } from "../../src/validate/validate-fixtures.js";
import { copyFixtures, editJson, tempDir } from "../helpers/temp-data.js";

function refFindings(root: string, domain: string, evaGoldDir?: string) {
  const findings = validateFixtures({
    dataRoot: root,
    domains: [domain],
    checks: ["references"],
    knownDivergences: [],
    // eva's id check reads the gold trajectories its declaration names.
    ...(evaGoldDir ? { registry: createRegistry(registry.domains.map((d) => (d === evaAirline ? { ...d, fixtures: evaFixtures(evaGoldDir) } : d))) } : {}),
  }).findings;
  return findings.map((f) => `${f.severity} ${f.file} ${f.path}: ${f.message} [${f.defect ?? "-"}]`);
}

const TELECOM = ["db.json", "user_db.json", "tasks.json"].map((f) => `tau2_telecom/${f}`);

// tau2_telecom tasks [36], [38], [46] assert on bill B1234321 without creating it.
const TELECOM_REAL = [36, 38, 46].map(
  (i) =>
    `warning tau2_telecom/tasks.json [${i}].evaluation_criteria.env_assertions[1].arguments.overdue_bill_id: ` +
    `task ${JSON.stringify(
      {
        36: "[service_issue]airplane_mode_on|unseat_sim_card[PERSONA:None]",
        38: "[service_issue]airplane_mode_on|break_apn_settings[PERSONA:Hard]",
        46: "[service_issue]airplane_mode_on|break_apn_settings|unseat_sim_card[PERSONA:None]",
      }[i],
    )}: assert_no_overdue_bill: "B1234321" is not among the bills (in db.json or created by an initialization action) [tau2_telecom:bills:B1234321]`,
);

describe("references check: telecom", () => {
  it("finds the three vacuous overdue-bill assertions in the real tasks", () => {
    expect(refFindings(copyFixtures(TELECOM), "tau2_telecom")).toEqual(TELECOM_REAL);
  });

  it("reports a caller phone number that no line has", () => {
    const root = copyFixtures(TELECOM);
    editJson(root, "tau2_telecom/tasks.json", [0, "initial_state", "initialization_actions", 0, "arguments", "phone_number"], "555-000-0000");
    expect(refFindings(root, "tau2_telecom")).toEqual([
      'warning tau2_telecom/tasks.json [0].initial_state.initialization_actions[0].arguments.phone_number: task "[mobile_data_issue]airplane_mode_on|user_abroad_roaming_enabled_off[PERSONA:None]": ' +
        'set_user_info: "555-000-0000" is not among the phone numbers of lines in db.json [tau2_telecom:phone_numbers:555-000-0000]',
      ...TELECOM_REAL,
    ]);
  });

  it("lets an assertion name a bill an init action created, and reports a created id that is taken", () => {
    const root = copyFixtures(TELECOM);
    // Task [39] creates B1234321 and asserts on it; make it create B1001, which db.json already has.
    editJson(root, "tau2_telecom/tasks.json", [39, "initial_state", "initialization_actions", 2, "arguments", "new_bill_id"], "B1001");
    const findings = refFindings(root, "tau2_telecom");
    expect(findings.filter((f) => !TELECOM_REAL.includes(f))).toEqual([
      expect.stringMatching(/^warning tau2_telecom\/tasks.json \[39\]\.initial_state\.initialization_actions\[2\]\.arguments\.new_bill_id: .*suspend_line_for_overdue_bill: "B1001" is created here but is already taken \[tau2_telecom:bills:B1001\]$/),
      // The gold payment request and the assertion name the bill the task no longer creates.
      expect.stringMatching(/^warning tau2_telecom\/tasks.json \[39\]\.evaluation_criteria\.actions\[1\]\.arguments\.bill_id: .*send_payment_request: "B1234321" is not among the bills \[/),
      expect.stringMatching(/^warning tau2_telecom\/tasks.json \[39\]\.evaluation_criteria\.env_assertions\[1\]\.arguments\.overdue_bill_id: .*"B1234321" is not among the bills/),
    ]);
  });
});

describe("references check: retail", () => {
  it("reports a payment method the order's owner does not have", () => {
    const root = copyFixtures(["tau2_retail/db.json", "tau2_retail/tasks.json"]);
    editJson(root, "tau2_retail/tasks.json", [0, "evaluation_criteria", "actions", 4, "arguments", "payment_method_id"], "paypal_1");
    const findings = refFindings(root, "tau2_retail");
    // The real tasks give 7 (products 6086499569 ×3, orders #9502126 ×2, #9502127 ×2); this one is new.
    expect(findings).toHaveLength(8);
    expect(findings[0]).toBe(
      'warning tau2_retail/tasks.json [0].evaluation_criteria.actions[4].arguments.payment_method_id: task "0": ' +
        'exchange_delivered_order_items: "paypal_1" is not among the payment methods of user yusuf_rossi_9620 [tau2_retail:payment_methods:paypal_1]',
    );
    expect(findings[1]).toBe(
      'warning tau2_retail/tasks.json [2].evaluation_criteria.actions[1].arguments.product_id: task "2": get_product_details: "6086499569" is not among the products [tau2_retail:products:6086499569]',
    );
  });
});

describe("references check: eva gold trajectories", () => {
  function goldDirWith(edit?: (gold: { calls: { arguments: Record<string, unknown> }[] }) => void): string {
    const dir = tempDir("evalsim-gold-");
    cpSync(join(EVA_GOLD_DIR, "2.1.1.json"), join(dir, "2.1.1.json"));
    if (edit) {
      const gold = JSON.parse(JSON.stringify(EVA_GOLD_2_1_1)) as { calls: { arguments: Record<string, unknown> }[] };
      edit(gold);
      writeFileSync(join(dir, "2.1.1.json"), JSON.stringify(gold));
    }
    return dir;
  }

  it("passes evalsim's gold trajectories against their scenario DBs", () => {
    expect(refFindings(copyFixtures(["eva_airline"]), "eva_airline")).toEqual([]);
  });

  it("reports a confirmation number the scenario DB does not have, as an error", () => {
    const root = copyFixtures(["eva_airline/2.1.1.json"]);
    expect(refFindings(root, "eva_airline", goldDirWith())).toEqual([]);
    const dir = goldDirWith((g) => (g.calls[0]!.arguments["confirmation_number"] = "FAR0UX"));
    expect(refFindings(root, "eva_airline", dir)).toEqual([
      expect.stringMatching(/^error .*2\.1\.1\.json calls\[0\]\.arguments\.confirmation_number: gold 2\.1\.1: GetReservationTool: "FAR0UX" is not among the reservations \[-\]$/),
    ]);
  });
});

// The first calls of data/eva_airline/gold/2.1.1.json, enough for the planted defect.
const EVA_GOLD_2_1_1 = {
  eva_id: "2.1.1",
  calls: [
    { name: "GetReservationTool", arguments: { confirmation_number: "FAR0UM", last_name: "Rivera" } },
    { name: "RebookFlightTool", arguments: { confirmation_number: "FAR0UM", journey_id: "FL_SK302_20260414", new_journey_id: "FL_SK410_20260414", rebooking_type: "irrops_cancellation", waive_change_fee: false } },
  ],
};
