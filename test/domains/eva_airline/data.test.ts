/**
 * The eva_airline fixture loaders: the shipped scenario DBs, dataset and agent
 * config load, and corrupted copies (made in a temp dir) fail with one
 * precise line, `<file>[: line <n>][: <json path>]: expected <what>, found <what>`.
 */
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadEvaAgentConfig, loadEvaDataset, loadEvaScenarioDb } from "../../../src/domains/eva_airline/data.js";
import { copyRoot, failure, fullChecks, removeCopies, ROOT, set, writeText } from "../../helpers/fixture-copies.js";

afterAll(removeCopies);

describe("shipped eva fixtures", () => {
  fullChecks();

  it("all 50 eva scenario DBs", () => {
    const ids = readdirSync(join(ROOT, "eva_airline"))
      .filter((n) => /^\d+\.\d+\.\d+\.json$/.test(n))
      .map((n) => n.slice(0, -".json".length));
    expect(ids).toHaveLength(50);
    for (const id of ids) expect(loadEvaScenarioDb(ROOT, id)._current_date).toMatch(/^2026-\d\d-\d\d$/);
    expect(Object.keys(loadEvaScenarioDb(ROOT, "1.1.2").reservations)).toEqual(["ZK3FFW"]);
  });

  it("the eva dataset (50 lines) and agent config", () => {
    const entries = loadEvaDataset(ROOT);
    expect(entries.map((e) => e.id).slice(0, 3)).toEqual(["1.1.2", "1.1.3", "1.1.4"]);
    expect(entries).toHaveLength(50);
    expect(entries[0]?.ground_truth.expected_scenario_db.session).toBeDefined();
    const config = loadEvaAgentConfig(ROOT);
    expect(config.role).toBe(
      "You are a voice agent for SkyWay Airlines handling inbound calls for flight changes, rebooking, " +
        "and cancellations.",
    );
    expect(config.instructions.startsWith("## Authentication\n")).toBe(true);
    expect(config.tools).toHaveLength(15);
  });
});

describe("corrupted eva copies fail with one precise line", () => {
  describe("eva dataset (JSONL)", () => {
    function editLines(r: string, edit: (lines: string[]) => void): string {
      const file = join(r, "eva_airline/eva_airline_dataset.jsonl");
      const lines = readFileSync(file, "utf8").split("\n");
      edit(lines);
      writeFileSync(file, lines.join("\n"));
      return file;
    }

    it("a line that is not JSON; blank lines are skipped but counted", () => {
      const r = copyRoot("eva_airline");
      const file = editLines(r, (lines) => {
        lines.splice(2, 0, "   ");
        lines[6] = '{"id": "2.1.1", "user_goal": }';
      });
      expect(failure(() => loadEvaDataset(r))).toBe(`${file}: line 7: invalid JSON: unexpected character at column 30`);
    });

    it("a line whose entry has the wrong shape", () => {
      const r = copyRoot("eva_airline");
      const file = editLines(r, (lines) => {
        const entry: unknown = JSON.parse(lines[2] as string);
        set(entry, ["user_config", "user_persona_id"], "2");
        lines[2] = JSON.stringify(entry);
      });
      expect(failure(() => loadEvaDataset(r))).toBe(
        `${file}: line 3: user_config.user_persona_id: expected an integer, found "2"`,
      );
    });

    it("a bad expected DB inside a line", () => {
      const r = copyRoot("eva_airline");
      const file = editLines(r, (lines) => {
        const entry: unknown = JSON.parse(lines[4] as string);
        set(entry, ["ground_truth", "expected_scenario_db", "_current_date"], "03/17/2026");
        lines[4] = JSON.stringify(entry);
      });
      expect(failure(() => loadEvaDataset(r))).toBe(
        `${file}: line 5: ground_truth.expected_scenario_db._current_date: ` +
          `expected a date (YYYY-MM-DD), found "03/17/2026"`,
      );
    });

    it("a repeated scenario id", () => {
      const r = copyRoot("eva_airline");
      const file = editLines(r, (lines) => {
        const entry: unknown = JSON.parse(lines[3] as string);
        set(entry, ["id"], "1.1.2");
        lines[3] = JSON.stringify(entry);
      });
      expect(failure(() => loadEvaDataset(r))).toBe(
        `${file}: line 4: id: expected an id not used before, found "1.1.2" (also on line 1)`,
      );
    });
  });

  describe("eva agent config (YAML)", () => {
    it("a YAML syntax error", () => {
      const r = copyRoot("eva_airline");
      const file = writeText(r, "eva_airline/airline_agent.yaml", "role: x\ninstructions: |\n  a\n b: c\n");
      expect(failure(() => loadEvaAgentConfig(r))).toBe(
        `${file}: invalid YAML: All mapping items must start at the same column at line 4, column 1`,
      );
    });

    it("YAML of the wrong shape", () => {
      const r = copyRoot("eva_airline");
      const file = writeText(r, "eva_airline/airline_agent.yaml", "role:\n  - a\n  - b\ninstructions: '   '\n");
      expect(failure(() => loadEvaAgentConfig(r))).toBe(
        `${file}: role: expected a string, found an array (2 items) (and 1 more problem: instructions: expected a non-empty string, found "   ")`,
      );
      writeText(r, "eva_airline/airline_agent.yaml", "role: x\ninstructions: '   '\n");
      expect(failure(() => loadEvaAgentConfig(r))).toBe(
        `${file}: instructions: expected a non-empty string, found "   "`,
      );
    });

    it("a YAML document that is not a mapping", () => {
      const r = copyRoot("eva_airline");
      const file = writeText(r, "eva_airline/airline_agent.yaml", "- role\n");
      expect(failure(() => loadEvaAgentConfig(r))).toBe(`${file}: expected an object, found an array (1 item)`);
    });

    it("YAML 1.1 scalars as PyYAML reads them, and no language-specific tags", () => {
      const r = copyRoot("eva_airline");
      const file = writeText(r, "eva_airline/airline_agent.yaml", "role: yes\ninstructions: x\n");
      expect(failure(() => loadEvaAgentConfig(r))).toBe(`${file}: role: expected a string, found true`);
      writeText(r, "eva_airline/airline_agent.yaml", "role: !!python/object:os.system {}\ninstructions: x\n");
      expect(failure(() => loadEvaAgentConfig(r))).toBe(
        `${file}: invalid YAML: Unresolved tag: tag:yaml.org,2002:python/object:os.system at line 1, column 7`,
      );
    });
  });

  it("an eva scenario id that is not one", () => {
    expect(() => loadEvaScenarioDb(ROOT, "../tau2_retail/db")).toThrow(
      'not an eva scenario id: "../tau2_retail/db" (expected <digits>.<digits>.<digits>)',
    );
  });
});
