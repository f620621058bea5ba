import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../src/json/types.js";
import type { DbDiff } from "../../src/scoring/diff.js";
import { firstDifference, reasonLine, shortValue } from "../../src/results/reasons.js";
import type { TrialRecord } from "../../src/results/read-run.js";

const rec = (status: TrialRecord["status"], metrics: TrialRecord["metrics"], runConfig?: TrialRecord["runConfig"]): TrialRecord => ({
  name: "s",
  domain: "d",
  bucket: "d",
  trial: 1,
  status,
  metrics,
  dir: "/nowhere",
  ...(runConfig === undefined ? {} : { runConfig }),
});
const diff = (tables_modified: DbDiff["tables_modified"], tables_added: string[] = [], tables_removed: string[] = []): DbDiff => ({ tables_added, tables_removed, tables_modified });
const noDiff = (): undefined => undefined;

describe("shortValue", () => {
  it("is short JSON text", () => {
    expect(shortValue(undefined)).toBe("(absent)");
    expect(shortValue({ a: [1, "x"] })).toBe('{"a":[1,"x"]}');
    expect(shortValue("y".repeat(80))).toBe(`"${"y".repeat(58)}…`);
  });
});

describe("firstDifference", () => {
  it("takes the first hashed difference, never the session table", () => {
    expect(firstDifference(diff({}, ["session", "extras"]))).toBe("table extras present but not expected");
    expect(firstDifference(diff({}, [], ["orders"]))).toBe("table orders expected but missing");
    const records = (mod: JsonObject): JsonObject => ({ records_added: [], records_removed: [], records_modified: mod });
    expect(firstDifference(diff({ users: records({ u1: { fields_added: [], fields_removed: [], fields_modified: { name: { type: "value_mismatch", expected: "A", actual: "B" } } } }) }))).toBe(
      'users.u1.name expected "A", got "B"',
    );
    expect(firstDifference(diff({ users: records({ u1: { fields_added: [], fields_removed: [], fields_modified: { n: { type: "type_mismatch", expected: 1, expected_type: "int", actual: 1.0, actual_type: "float" } } } }) }))).toBe(
      "users.u1.n expected int 1, got float 1",
    );
    expect(firstDifference(diff({ session: { type: "non_dict_table", expected: 1, actual: 2 } }))).toBe(
      "final DB hash differs from the expected hash (the diff shows no difference in a hashed field)",
    );
  });
});

describe("reasonLine", () => {
  it("is undefined for a passed trial", () => {
    expect(reasonLine(rec("passed", {}))).toBeUndefined();
  });

  it("gives an errored trial's error", () => {
    expect(reasonLine(rec("errored", { error: { side: "user", message: "bad\n  reply" } }))).toBe("errored: user bot: bad reply");
    expect(reasonLine(rec("errored", {}))).toBe("errored: the conversation stopped by an unknown reason");
  });

  it("says a short conversation was not scored, with the run's limit", () => {
    expect(reasonLine(rec("failed", { insufficient_agent_turns: true, token_usage: { agent: { n_calls: 1 } } }, { min_agent_turns: 3 }))).toBe(
      "insufficient agent turns: the agent took 1 turn(s), fewer than --min-agent-turns 3 (run with --min-agent-turns 0 to score short conversations)",
    );
  });

  it("joins a phrase for each failed gating signal", () => {
    const metrics = {
      success_breakdown: { failed: ["db_state_match", "db_state_assertion", "is_action_match", "nl_assertion"] },
      db_state_assertion_verdicts: [
        { passed: true, func_name: "ok" },
        { passed: false, func_name: "assert_data_refuelling_amount", side: "user", expected: 2.0, actual: 0 },
        { passed: false, func_name: "other", error: "boom" },
      ],
      nl_assertion_pass_rate: 0.5,
    };
    const read = () => diff({}, [], ["orders"]);
    expect(reasonLine(rec("failed", metrics), read)).toBe(
      "db_state_match: table orders expected but missing; db_state_assertion assert_data_refuelling_amount (user): expected 2, got 0 (+1 more); " +
        "is_action_match: the performed actions do not match the reference actions; nl_assertion: pass rate 0.5",
    );
    expect(reasonLine(rec("failed", { success_breakdown: { failed: ["db_state_match"] } }), noDiff)).toBe("db_state_match: final DB hash differs from the expected hash");
  });

  it("says when no gating signal applies", () => {
    expect(reasonLine(rec("failed", { is_successful: "N/A" }))).toBe("no gating signal applies to this scenario (is_successful N/A)");
    expect(reasonLine(rec("failed", {}))).toBe("failed");
  });
});
