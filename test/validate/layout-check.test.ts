/**
 * Check 1 (schemas): a copy of one domain's fixtures with one planted
 * defect gives exactly one finding, naming the file and the JSON path.
 */
import { describe, expect, it } from "vitest";
import { validateFixtures } from "../../src/validate/validate-fixtures.js";
import { copyFixtures, editJson, editText } from "../helpers/temp-data.js";

const TELECOM = ["db.json", "user_db.json", "tasks.json", "tasks_voice.json", "split_tasks.json"].map((f) => `tau2_telecom/${f}`);

function schemaFindings(root: string, domain: string) {
  return validateFixtures({ dataRoot: root, domains: [domain], checks: ["schemas"], knownDivergences: [] }).findings;
}

describe("schemas check", () => {
  it("passes an untouched copy", () => {
    expect(schemaFindings(copyFixtures(TELECOM), "tau2_telecom")).toEqual([]);
  });

  it("names the file and path of a bad DB value", () => {
    const root = copyFixtures(TELECOM);
    editJson(root, "tau2_telecom/db.json", ["lines", 2, "status"], "Frozen");
    expect(schemaFindings(root, "tau2_telecom")).toEqual([
      {
        check: "schemas",
        severity: "error",
        grade: "error",
        file: "tau2_telecom/db.json",
        path: "lines[2].status",
        message: 'expected one of "Active", "Suspended", "Pending Activation", "Closed", found "Frozen"',
      },
    ]);
  });

  it("reports a bad task by its index in tasks.json", () => {
    const root = copyFixtures(TELECOM);
    editJson(root, "tau2_telecom/tasks.json", [5, "evaluation_criteria", "env_assertions", 0, "assert_value"], "yes");
    expect(schemaFindings(root, "tau2_telecom")).toEqual([
      {
        check: "schemas",
        severity: "error",
        grade: "error",
        file: "tau2_telecom/tasks.json",
        path: "[5].evaluation_criteria.env_assertions[0].assert_value",
        message: 'expected a boolean, found "yes"',
      },
    ]);
  });

  it("reports a bad dataset line by its line number", () => {
    const root = copyFixtures(["eva_airline"]);
    editText(root, "eva_airline/eva_airline_dataset.jsonl", (t) => {
      const lines = t.split("\n");
      lines[2] = (lines[2] as string).replace(/^\{"id": "[^"]+"/, '{"id": "1.1"');
      return lines.join("\n");
    });
    expect(schemaFindings(root, "eva_airline")).toEqual([
      {
        check: "schemas",
        severity: "error",
        grade: "error",
        file: "eva_airline/eva_airline_dataset.jsonl",
        path: "id",
        message: 'line 3: expected an eva scenario id (<digits>.<digits>.<digits>), found "1.1"',
      },
    ]);
  });

  it("names the shard file when a sharded DB table is wrong", () => {
    const root = copyFixtures(["tau2_airline/db", "tau2_airline/tasks.json", "tau2_airline/tasks_voice.json", "tau2_airline/split_tasks.json"]);
    editJson(root, "tau2_airline/db/users.json", ["mei_hernandez_8984", "membership"], "platinum");
    expect(schemaFindings(root, "tau2_airline")).toEqual([
      {
        check: "schemas",
        severity: "error",
        grade: "error",
        file: "tau2_airline/db/users.json",
        path: "mei_hernandez_8984.membership",
        message: 'expected one of "gold", "silver", "regular", found "platinum"',
      },
    ]);
  });
});
