import { defineDomain } from "../../engine/define.js";
import { tau2PythonExecute } from "../tau2_common/argument-error.js";
import { telecomFixtures } from "./data.js";
import { telecomArgumentError, telecomDbNotInitialized } from "./errors.js";
import { telecomInitFunctions } from "./init-functions.js";
import { TELECOM_INIT_ORIGIN, TELECOM_PREDICATE_ORIGIN } from "./origins.js";
import { telecomPredicates } from "./predicates.js";
import { telecomScenarios } from "./scenarios.js";
import { telecomSync } from "./sync.js";
import { telecomPolicyRules } from "./policy/rules.js";
import { telecomAgentTools, telecomUserTools } from "./tools/index.js";
import { telecomFuzz } from "./fuzz.js";

/**
 * tau2_telecom: the agent's back office and the caller's phone, two DBs kept
 * coherent by sync after initialization and after every successful write.
 */
const agentExecute = tau2PythonExecute("tau2_telecom_tools", "transfer_to_human_agents");
const userExecute = tau2PythonExecute("tau2_telecom_user_tools", "");

export const tau2Telecom = defineDomain({
  name: "tau2_telecom",
  tools: { agent: telecomAgentTools, user: telecomUserTools },
  unknownArgs: "reject",
  // The reference accepts any dict as an action record, so the built-in domains do too.
  checkRecords: false,
  argumentError: telecomArgumentError,
  pythonExecute: (tool, side) => (side === "user" ? userExecute(tool) : agentExecute(tool)),
  dbNotInitialized: telecomDbNotInitialized,
  initFunctions: telecomInitFunctions,
  predicates: telecomPredicates,
  sync: telecomSync,
  messageOrigins: { init: TELECOM_INIT_ORIGIN, predicates: TELECOM_PREDICATE_ORIGIN },
  fuzz: telecomFuzz,
  fixtures: telecomFixtures,
  policyRules: telecomPolicyRules,
  scenarios: telecomScenarios,
});
