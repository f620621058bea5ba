import type { RegistryOrigin } from "../../engine/domain.js";

/** The reference registers telecom init functions and predicates under these names. */
export const TELECOM_INIT_ORIGIN: RegistryOrigin = {
  domain: "tau2_telecom",
  module: "nemo_voice_agent.evaluation.tools.tau2_telecom_init_functions",
};

export const TELECOM_PREDICATE_ORIGIN: RegistryOrigin = {
  domain: "tau2_telecom",
  module: "nemo_voice_agent.evaluation.tools.tau2_telecom_predicates",
};
