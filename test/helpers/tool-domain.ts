import type { ArgumentErrorFormatter, Domain } from "../../src/engine/domain.js";
import type { AnyToolDef, ToolResult } from "../../src/engine/types.js";

/** A Domain with just tools, for dispatching in unit tests. */
export function toolDomain(spec: {
  name: string;
  agent: readonly AnyToolDef[];
  user?: readonly AnyToolDef[];
  unknownArgs: "drop" | "reject";
  argumentError: ArgumentErrorFormatter;
  dbNotInitialized: (tool: AnyToolDef) => ToolResult;
}): Domain {
  return {
    name: spec.name,
    tools: spec.user ? { agent: spec.agent, user: spec.user } : { agent: spec.agent },
    unknownArgs: spec.unknownArgs,
    argumentError: spec.argumentError,
    dbNotInitialized: spec.dbNotInitialized,
    scenarios: () => [],
  };
}
