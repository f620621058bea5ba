/** How the telecom tools name their parameter models and report a missing DB (tau2 telecom tools.py). */
import { describe, expect, it } from "vitest";
import { paramsModelName, telecomArgumentError, telecomDbNotInitialized } from "../../../src/domains/tau2_telecom/errors.js";
import { telecomAgentTools, telecomUserTools } from "../../../src/domains/tau2_telecom/tools/index.js";
import type { JsonObject } from "../../../src/json/types.js";

const named = (tools: typeof telecomAgentTools, name: string) => {
  const t = tools.find((x) => x.name === name);
  if (t === undefined) throw new Error(name);
  return t;
};

describe("telecom errors", () => {
  it("a parameter model is the tool's name in PascalCase plus Params", () => {
    expect(paramsModelName("get_customer_by_id")).toBe("GetCustomerByIdParams");
    expect(paramsModelName("toggle_wifi_calling")).toBe("ToggleWifiCallingParams");
  });

  it("names the side whose DB is missing", () => {
    expect(telecomDbNotInitialized(named(telecomUserTools, "check_status_bar"))).toEqual({
      status: "error",
      error_type: "db_not_initialized",
      message: "Scenario user-side database not loaded. This indicates a fixture-loading bug.",
    });
    expect((telecomDbNotInitialized(named(telecomAgentTools, "get_customer_by_id")) as JsonObject)["message"]).toBe(
      "Scenario agent-side database not loaded. This indicates a fixture-loading bug.",
    );
  });

  it("reports bad arguments under the tool's parameter model", () => {
    const out = telecomArgumentError(named(telecomAgentTools, "get_customer_by_id"), [{ loc: ["customer_id"], type: "missing", msg: "Field required", input: {} }]) as JsonObject;
    expect(out["error_type"]).toBe("invalid_arguments");
    expect(String(out["message"]).split("\n")[0]).toBe("1 validation error for GetCustomerByIdParams");
  });
});
