/**
 * Checks 3a-3c over telecom copies: TOML conversion, the base-split task
 * filter, and env_type translation.
 *
 * The 31 fields added by model defaults were listed independently: NeMo's
 * `TelecomDB` / `TelecomUserDB` (tools/tau2_telecom_params.py, pydantic
 * 2.13) reproduce db.json and user_db.json exactly from the TOML, and these
 * are the paths present in the JSON and absent from `tomllib.load(...)`.
 */
import { describe, expect, it } from "vitest";
import { envSidesCheck } from "../../../../src/domains/tau2_common/env-sides-check.js";
import { createRegistry } from "../../../../src/engine/registry.js";
import type { Domain } from "../../../../src/engine/domain.js";
import type { Scenario } from "../../../../src/engine/scenario.js";
import { scenarioFromInput } from "../../../../src/engine/define.js";
import { validateFixtures } from "../../../../src/validate/validate-fixtures.js";
import type { CheckName } from "../../../../src/engine/data-checks/types.js";
import { copyFixtures, editJson, editText, readJson } from "../../../helpers/temp-data.js";

const DB_DEFAULTS = [
  "customers[0].last_extension_date", "customers[2].last_extension_date", "customers[3].last_extension_date",
  "lines[0].last_sim_replacement_date", "lines[0].suspension_start_date", "lines[1].suspension_start_date",
  "lines[2].last_sim_replacement_date", "lines[3].last_sim_replacement_date", "lines[3].suspension_start_date",
  "lines[4].last_sim_replacement_date", "lines[4].suspension_start_date", "lines[5].last_sim_replacement_date",
  "lines[5].suspension_start_date", "lines[6].last_sim_replacement_date", "lines[6].suspension_start_date",
  "lines[7].last_sim_replacement_date", "lines[7].suspension_start_date", "devices[0].last_esim_transfer_date",
  "devices[2].last_esim_transfer_date", "devices[3].last_esim_transfer_date", "devices[4].last_esim_transfer_date",
  "devices[5].last_esim_transfer_date", "devices[6].last_esim_transfer_date", "devices[7].last_esim_transfer_date",
  "devices[8].last_esim_transfer_date",
].map((p) => `tau2_telecom/db.json ${p}`);

const USER_DB_DEFAULTS = [
  "device.active_apn_settings.reset_at_reboot", "device.active_apn_settings.mms_proxy", "device.active_apn_settings.mms_port",
  "device.wifi_ssid", "device.vpn_details", "surroundings",
].map((p) => `tau2_telecom/user_db.json ${p}`);

const UPSTREAM = "upstream/tau2-bench-voice-user-sim-v1.0/telecom";
const TOML_FILES = ["tau2_telecom/db.json", "tau2_telecom/user_db.json", `${UPSTREAM}/db.toml`, `${UPSTREAM}/user_db.toml`];

function run(root: string, check: CheckName, registry?: ReturnType<typeof createRegistry>) {
  return validateFixtures({ dataRoot: root, domains: ["tau2_telecom"], checks: [check], knownDivergences: [], ...(registry ? { registry } : {}) }).findings;
}

const summary = (f: { severity: string; file: string; path?: string; message: string }): string =>
  `${f.severity} ${f.file}${f.path ? ` ${f.path}` : ""}: ${f.message}`;

describe("telecom-toml check", () => {
  it("lists every field a model default added, and nothing else, for the real files", () => {
    const findings = run(copyFixtures(TOML_FILES), "telecom-toml");
    expect(findings.map((f) => `${f.file} ${f.path}`)).toEqual([...DB_DEFAULTS, ...USER_DB_DEFAULTS]);
    expect(new Set(findings.map((f) => `${f.severity} ${f.defect}`))).toEqual(new Set(["warning tau2_telecom:model-defaults-materialized"]));
    expect(summary(findings[findings.length - 1]!)).toBe(
      "warning tau2_telecom/user_db.json surroundings: added by a model default: " +
        '{"name":null,"phone_number":null,"is_abroad":false,"roaming_allowed":false,"signal_strength":{"2G":"poor","3G":"fair","4G":"good","5G":"excellent"},' +
        `"mobile_data_usage_exceeded":false,"line_active":true,"payment_request":null} (absent from ${UPSTREAM}/user_db.toml)`,
    );
  });

  it("reports a value that differs from the TOML", () => {
    const root = copyFixtures(TOML_FILES);
    editJson(root, "tau2_telecom/db.json", ["plans", 0, "price_per_month"], 41);
    const errors = run(root, "telecom-toml").filter((f) => f.severity === "error");
    expect(errors.map(summary)).toEqual([`error tau2_telecom/db.json plans[0].price_per_month: expected 40 (from ${UPSTREAM}/db.toml), found 41`]);
  });

  it("reports a defaulted field whose value is not the model default, instead of listing it as added", () => {
    const root = copyFixtures(TOML_FILES);
    editJson(root, "tau2_telecom/db.json", ["lines", 0, "suspension_start_date"], "2025-01-01");
    const findings = run(root, "telecom-toml");
    expect(findings.filter((f) => f.severity === "error").map(summary)).toEqual([
      `error tau2_telecom/db.json lines[0].suspension_start_date: expected null (the model default; ${UPSTREAM}/db.toml has no value), found "2025-01-01"`,
    ]);
    expect(findings.filter((f) => f.severity === "warning")).toHaveLength(30);
  });

  it("reports fields out of model order and fields neither in the TOML nor in the model", () => {
    const root = copyFixtures(TOML_FILES);
    const plan = (readJson(root, "tau2_telecom/db.json") as { plans: Record<string, unknown>[] }).plans[1]!;
    editJson(root, "tau2_telecom/db.json", ["plans", 1], { name: plan["name"], ...plan, promo: true });
    expect(run(root, "telecom-toml").filter((f) => f.severity === "error").map(summary)).toEqual([
      `error tau2_telecom/db.json plans[1].promo: not in ${UPSTREAM}/db.toml and not a model default, found true`,
      "error tau2_telecom/db.json plans[1]: fields out of model order: expected plan_id, name, data_limit_gb, price_per_month, data_refueling_price_per_gb; " +
        "found name, plan_id, data_limit_gb, price_per_month, data_refueling_price_per_gb",
    ]);
  });

  it("reports TOML that does not parse", () => {
    const root = copyFixtures(TOML_FILES);
    editText(root, `${UPSTREAM}/user_db.toml`, (t) => t.replace("[device]", "[device"));
    expect(run(root, "telecom-toml").filter((f) => f.file.endsWith("user_db.toml")).map((f) => f.message)).toEqual([
      expect.stringMatching(/^invalid TOML: .* \(line 1, column \d+\)$/),
    ]);
  });
});

const TASK_FILES = ["tasks.json", "tasks_voice.json", "split_tasks.json", "main_policy.md", "tech_support_manual.md", "tech_support_workflow.md"];

describe("telecom-upstream check", () => {
  const files = [...TASK_FILES.map((f) => `tau2_telecom/${f}`), UPSTREAM];

  it("passes the real files", () => {
    expect(run(copyFixtures(files), "telecom-upstream")).toEqual([]);
  });

  it("reports a base-split voice task missing from tasks.json", () => {
    const root = copyFixtures(files);
    const id = (readJson(root, "tau2_telecom/tasks.json") as { id: string }[])[7]!.id;
    editJson(root, "tau2_telecom/tasks.json", [7], undefined);
    expect(run(root, "telecom-upstream").map(summary)).toEqual([`error tau2_telecom/tasks.json: no task for base-split voice id ${JSON.stringify(id)}`]);
  });

  it("reports a task outside the base split", () => {
    const root = copyFixtures(files);
    const small = (readJson(root, `${UPSTREAM}/tasks_small.json`) as unknown[])[0];
    editJson(root, "tau2_telecom/tasks.json", [114], small);
    expect(run(root, "telecom-upstream").map(summary)).toEqual([
      'error tau2_telecom/tasks.json [114].id: task "[mobile_data_issue]user_abroad_roaming_enabled_off[PERSONA:None]" is not in the upstream base split',
    ]);
  });

  it("reports a policy document that is not a verbatim copy", () => {
    const root = copyFixtures(files);
    editText(root, "tau2_telecom/main_policy.md", (t) => `${t}\n`);
    expect(run(root, "telecom-upstream").map(summary)).toEqual([
      expect.stringMatching(/^error tau2_telecom\/main_policy\.md: differs from upstream\/tau2-bench-voice-user-sim-v1\.0\/telecom\/main_policy\.md \(first difference at line \d+, column \d+\)$/),
    ]);
  });
});

describe("env-sides check", () => {
  const files = ["tau2_telecom"];

  it("passes the real files, whose scenarios carry the translated records", () => {
    expect(run(copyFixtures(files), "env-sides")).toEqual([]);
  });

  it("reports an env_type other than user or assistant", () => {
    const root = copyFixtures(files);
    editJson(root, "tau2_telecom/tasks.json", [0, "initial_state", "initialization_actions", 1, "env_type"], "agent");
    expect(run(root, "env-sides").map(summary)).toEqual([
      'error tau2_telecom/tasks.json [0].initial_state.initialization_actions[1].env_type: expected "user" or "assistant", found "agent"',
    ]);
  });

  it("reports a scenario whose records do not match the task's", () => {
    const root = copyFixtures(files);
    const tasks = readJson(root, "tau2_telecom/tasks.json") as { id: string }[];
    // A stand-in domain whose one scenario puts task 0's first init record on the wrong side.
    const init = { side: "agent", func_name: "set_user_info", arguments: { name: "John Smith", phone_number: "555-123-2002" } } as const;
    const scenario: Scenario = {
      ...scenarioFromInput({ name: "tau2_telecom__x", domain: "tau2_telecom", description: "d", initialDbs: () => ({}), goldCalls: () => [] }),
      upstreamId: tasks[0]!.id,
      initializationActions: [init],
    };
    const domain = { name: "tau2_telecom", fixtures: { files: [], checks: [envSidesCheck] }, scenarios: () => [scenario] } as unknown as Domain;
    const findings = run(root, "env-sides", createRegistry([domain]));
    expect(findings.map(summary)).toEqual([
      "error tau2_telecom/tasks.json: scenario tau2_telecom__x: initializationActions at [0].side disagrees with the task's records",
      "error tau2_telecom/tasks.json: scenario tau2_telecom__x: dbStateAssertions at [0] disagrees with the task's records",
    ]);
  });
});
