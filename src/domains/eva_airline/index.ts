import { defineDomain } from "../../engine/define.js";
import { evaFixtures } from "./data.js";
import { evaArgumentError, evaDbNotInitialized } from "./errors.js";
import { EVA_GOLD_DIR, evaScenarios } from "./scenarios.js";
import { evaAirlineAgentTools } from "./tools/index.js";
import { evaAirlineFuzz } from "./fuzz.js";
import { evaPolicyRules } from "./policy/rules.js";

/** eva_airline: one agent-side DB per scenario, 15 tools plus EndConversationTool. */
export const evaAirline = defineDomain({
  name: "eva_airline",
  tools: { agent: evaAirlineAgentTools },
  unknownArgs: "drop",
  // The reference accepts any dict as an action record, so the built-in domains do too.
  checkRecords: false,
  argumentError: evaArgumentError,
  // Each eva tool class defines its own `_execute`.
  pythonExecute: (tool) => `nemo_voice_agent.evaluation.tools.eva_airline_tools.${tool.name}._execute`,
  dbNotInitialized: evaDbNotInitialized,
  fuzz: evaAirlineFuzz,
  fixtures: evaFixtures(EVA_GOLD_DIR),
  policyRules: evaPolicyRules,
  scenarios: evaScenarios,
});
