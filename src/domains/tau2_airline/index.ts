import { defineDomain } from "../../engine/define.js";
import { airlinePolicyRules } from "./policy/index.js";
import { tau2ArgumentError, tau2DbNotInitialized, tau2PythonExecute } from "../tau2_common/argument-error.js";
import { airlineFixtures, loadAirlineDb } from "./data.js";
import { singleSideTau2Scenarios } from "../tau2_common/domain-scenarios.js";
import { tau2AirlineAgentTools } from "./tools/index.js";
import { tau2AirlineFuzz } from "./fuzz.js";

/** tau2_airline: 14 tools plus EndConversationTool; unknown arguments are rejected. */
export const tau2Airline = defineDomain({
  name: "tau2_airline",
  tools: { agent: tau2AirlineAgentTools },
  unknownArgs: "reject",
  // The reference accepts any dict as an action record, so the built-in domains do too.
  checkRecords: false,
  argumentError: tau2ArgumentError,
  pythonExecute: tau2PythonExecute("tau2_airline_tools", "TransferToHumanAgentsTool"),
  dbNotInitialized: tau2DbNotInitialized,
  fuzz: tau2AirlineFuzz,
  fixtures: airlineFixtures,
  policyRules: airlinePolicyRules,
  scenarios: (root) => singleSideTau2Scenarios(root, "tau2_airline", () => loadAirlineDb(root), false),
});
