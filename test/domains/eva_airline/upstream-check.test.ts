/**
 * Check 2 (eva-upstream) against the eva 0.1.3 copies. The real files give
 * one known warning: NeMo's YAML loses a trailing space inside the policy
 * text (line 14 of `instructions`; PyYAML gives SHA-256 8362...c3d for
 * NeMo's string and 7127...cfc6 for upstream's).
 */
import { describe, expect, it } from "vitest";
import { validateFixtures } from "../../../src/validate/validate-fixtures.js";
import { copyFixtures, editText } from "../../helpers/temp-data.js";

const INSTRUCTIONS_WARNING = {
  check: "eva-upstream",
  severity: "warning",
  grade: "warning",
  file: "eva_airline/airline_agent.yaml",
  path: "instructions",
  message:
    "SHA-256 83622257c1d80b3dd0c7338121aa74fe5cbdc30d8e7eceb7fae3acc264b78c3d, not the pinned upstream " +
    "71276b839eb4674e4e895484dcbdc19646d48672d2db1e2e95524f95fa66cfc6: only trailing whitespace differs, on line 14 of the text",
  defect: "eva_airline:instructions-trailing-whitespace",
};

function evaFindings(root: string) {
  return validateFixtures({ dataRoot: root, domains: ["eva_airline"], checks: ["eva-upstream"], knownDivergences: [] }).findings;
}

describe("eva-upstream check", () => {
  it("finds only the policy whitespace change in the real copies", () => {
    expect(evaFindings(copyFixtures(["eva_airline", "upstream/eva-0.1.3"]))).toEqual([INSTRUCTIONS_WARNING]);
  });

  it("reports a scenario DB that is no longer byte-equal, with the first differing position", () => {
    const root = copyFixtures(["eva_airline", "upstream/eva-0.1.3"]);
    // Line 1 of every scenario DB is "{"; a space after it is the first difference.
    editText(root, "eva_airline/2.1.1.json", (t) => t.replace(/^\{/, "{ "));
    expect(evaFindings(root)).toEqual([
      {
        check: "eva-upstream",
        severity: "error",
        grade: "error",
        file: "eva_airline/2.1.1.json",
        message: "differs from upstream/eva-0.1.3/airline_scenarios/2.1.1.json (first difference at line 1, column 2)",
      },
      INSTRUCTIONS_WARNING,
    ]);
  });

  it("accepts trailing whitespace in the YAML but not other changes", () => {
    const root = copyFixtures(["eva_airline", "upstream/eva-0.1.3"]);
    editText(root, "eva_airline/airline_agent.yaml", (t) => t.replace("name: Airline Agent\n", "name: Airline Agent   \n"));
    expect(evaFindings(root)).toEqual([INSTRUCTIONS_WARNING]);
    editText(root, "eva_airline/airline_agent.yaml", (t) => t.replace("name: Airline Agent", "name: Airline Agents"));
    expect(evaFindings(root)).toEqual([
      {
        check: "eva-upstream",
        severity: "error",
        grade: "error",
        file: "eva_airline/airline_agent.yaml",
        message: "differs from upstream/eva-0.1.3/airline_agent.yaml beyond trailing whitespace (line 2)",
      },
    ]);
  });

  it("matches the pinned hash once the policy's trailing space is restored", () => {
    const root = copyFixtures(["eva_airline", "upstream/eva-0.1.3"]);
    editText(root, "eva_airline/airline_agent.yaml", (t) => t.replace("baggage, or meal requests.\n", "baggage, or meal requests. \n"));
    expect(evaFindings(root)).toEqual([]);
  });

  it("reports a dataset entry without a scenario DB", () => {
    const root = copyFixtures(["eva_airline", "upstream/eva-0.1.3"]);
    editText(root, "eva_airline/eva_airline_dataset.jsonl", (t) => t.replace('{"id": "7.4.1"', '{"id": "7.4.9"'));
    const findings = evaFindings(root).map((f) => `${f.severity} ${f.file}${f.path ? ` ${f.path}` : ""}: ${f.message}`);
    expect(findings).toEqual([
      "error eva_airline/eva_airline_dataset.jsonl id: line 50: no scenario DB 7.4.9.json for this entry",
      "error eva_airline/7.4.1.json: no dataset entry has this scenario id",
      "error eva_airline/eva_airline_dataset.jsonl: differs from upstream/eva-0.1.3/airline_dataset.jsonl (first difference at line 50, column 13)",
      `warning eva_airline/airline_agent.yaml instructions: ${INSTRUCTIONS_WARNING.message}`,
    ]);
  });
});
