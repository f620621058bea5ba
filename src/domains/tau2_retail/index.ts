import { defineDomain } from "../../engine/define.js";
import { retailPolicyRules } from "./policy/rules.js";
import { tau2ArgumentError, tau2DbNotInitialized, tau2PythonExecute } from "../tau2_common/argument-error.js";
import { retailFixtures, loadRetailDb } from "./data.js";
import { singleSideTau2Scenarios } from "../tau2_common/domain-scenarios.js";
import { tau2RetailAgentTools } from "./tools/index.js";
import { tau2RetailFuzz } from "./fuzz.js";

/** tau2_retail: 16 tools plus EndConversationTool; unknown arguments are rejected. */
export const tau2Retail = defineDomain({
  name: "tau2_retail",
  tools: { agent: tau2RetailAgentTools },
  unknownArgs: "reject",
  // The reference accepts any dict as an action record, so the built-in domains do too.
  checkRecords: false,
  argumentError: tau2ArgumentError,
  pythonExecute: tau2PythonExecute("tau2_retail_tools", "TransferToHumanAgentsTool"),
  dbNotInitialized: tau2DbNotInitialized,
  fuzz: tau2RetailFuzz,
  fixtures: retailFixtures,
  policyRules: retailPolicyRules,
  scenarios: (root) => singleSideTau2Scenarios(root, "tau2_retail", () => loadRetailDb(root), true),
});
