// @ts-check
/**
 * The scenarios, read from this folder's data: one initial DB per side
 * shared by every scenario, and per scenario the caller's brief, the
 * initialization actions, the gold calls, the DB-state assertions and the
 * agent DB a correct conversation ends with.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { defineScenario } from "evalsim";

/** @typedef {import("evalsim").JsonObject} JsonObject */

/**
 * @typedef {object} ScenarioFile
 * @property {string} id
 * @property {string} description
 * @property {string} opening
 * @property {string} goal
 * @property {string} known_info
 * @property {import("evalsim").InitRecord[]} initialization_actions
 * @property {import("evalsim").ToolCall[]} gold_calls
 * @property {import("evalsim").DbStateAssertion[]} db_state_assertions
 * @property {string} expected_db
 * @property {import("evalsim").ChecksInput} [checks]
 */

/** @param {string} file */
const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

/** The agent's rules: its prompt is built from them and the date; a scenario's description never reaches it. */
const POLICY = `You are the front desk of the Harbor Hotel. Help the caller with their booking:
look it up, check them in (a booking without a room gets a free room of the kind they want),
or cancel it if it has not been checked in. Be brief; end the call when they are done.`;

/**
 * @param {string} dir the domain's fixture folder
 * @returns {import("evalsim").Scenario[]}
 */
export function hotelScenarios(dir) {
  /** @type {JsonObject} */
  const agentDb = readJson(join(dir, "db.json"));
  /** @type {JsonObject} */
  const userDb = readJson(join(dir, "user_db.json"));
  /** @type {ScenarioFile[]} */
  const files = readJson(join(dir, "scenarios.json"));
  return files.map((s) =>
    defineScenario({
      name: `hotel_desk__${s.id}`,
      domain: "hotel_desk",
      description: s.description,
      successSignals: ["db_state_match", "db_state_assertion", "clean_exit"],
      today: "2026-03-02",
      initialDbs: () => ({ agent: agentDb, user: userDb }),
      initializationActions: s.initialization_actions,
      dbStateAssertions: s.db_state_assertions,
      goldCalls: () => s.gold_calls,
      shippedExpectedDb: () => readJson(join(dir, s.expected_db)),
      policy: POLICY,
      ...(s.checks ? { checks: s.checks } : {}),
      user: { opening: s.opening, goal: s.goal, knownInfo: s.known_info },
    }),
  );
}
