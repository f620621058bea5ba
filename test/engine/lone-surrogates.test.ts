/**
 * A string holding a lone surrogate is not valid Unicode. pydantic's `str`
 * keeps it, but int, float, bool, enum and literal fields decode the string
 * first and fail with `string_unicode`. Expected texts are the reference's
 * own tool results (differential run, labs-Voice-Agent 1a83139) as the model
 * reads them (json.dumps with ensure_ascii=False), for argument
 * texts a model could send.
 */
import { describe, expect, it } from "vitest";
import { toolMessage } from "../../src/engine/bots/llm-context.js";
import { planToolCall } from "../../src/engine/bots/llm-tool-calls.js";
import { dispatch, initialRunState } from "../../src/engine/dispatch.js";
import type { Domain } from "../../src/engine/domain.js";
import { createRng } from "../../src/engine/rng.js";
import type { Side } from "../../src/engine/types.js";
import { evaAirline } from "../../src/domains/eva_airline/index.js";
import { tau2Airline } from "../../src/domains/tau2_airline/index.js";
import { tau2Telecom } from "../../src/domains/tau2_telecom/index.js";
import { prepareInitialState } from "../../src/engine/initial-state.js";
import { loadCatalog } from "../../src/engine/catalog.js";
import { registry } from "../../src/domains/index.js";
import { FIXTURES } from "../helpers/temp-data.js";

const catalog = loadCatalog(registry, { flag: FIXTURES, env: {} }, [evaAirline, tau2Airline, tau2Telecom]);

function modelCall(domain: Domain, scenario: string, side: Side, name: string, args: string): string {
  const entry = catalog.byName.get(scenario);
  if (!entry) throw new Error(`no scenario ${scenario}`);
  const env = { today: entry.scenario.today, rng: createRng(7), names: "llm" as const };
  const { state } = prepareInitialState(domain, entry.scenario, env);
  const planned = planToolCall(name, args);
  if (planned.kind === "drop") return `<dropped: ${planned.dropped.raised}>`;
  return toolMessage("c1", dispatch(domain, state.dbs[side] ? state : initialRunState({}), side, planned.call, env).result).content;
}

const UNICODE = "Input should be a valid string, unable to parse raw data as a unicode string";

describe("lone surrogates in non-string fields", () => {
  it("eva: an enum and an int field", () => {
    expect(modelCall(evaAirline, "eva_airline__6_1_1", "agent", "CancelReservationTool", String.raw`{"confirmation_number":"SOCATW","journey_id":"FL_SK432_20260721","cancellation_reason":"weather\udfff"}`)).toBe(
      `{"status": "error", "error_type": "invalid_cancellation_reason", "message": "Invalid cancellation_reason 'weather\udfff': ` + UNICODE + `"}`,
    );
    expect(modelCall(evaAirline, "eva_airline__6_1_1", "agent", "AddBaggageAllowanceTool", String.raw`{"confirmation_number":"SOCATW","journey_id":"FL_SK432_20260721","num_bags":"1\ud800"}`)).toBe(
      `{"status": "error", "error_type": "invalid_bag_count", "message": "Invalid num_bags '1\ud800': ` + UNICODE + `"}`,
    );
  });

  it("eva: a field with a pattern", () => {
    expect(modelCall(evaAirline, "eva_airline__5_1_2", "agent", "AddMealRequestTool", String.raw`{"confirmation_number":"PZN19G","passenger_id":"PAX001","journey_id":"FL_SK232_20260822","meal_type":"vegetarian","flight_number":"\udfff"}`)).toBe(
      `{"status": "error", "error_type": "invalid_flight_number_format", "message": "Invalid flight_number '\udfff': ` + UNICODE + `"}`,
    );
  });

  it("tau2 airline: an int field and an enum field", () => {
    expect(modelCall(tau2Airline, "tau2_airline__0", "agent", "UpdateReservationBaggagesTool", String.raw`{"reservation_id":"4WQ150","total_baggages":"\udfff","nonfree_baggages":0,"payment_id":"x"}`)).toBe(
      `{"status": "error", "error_type": "validation_error", "message": "Tool arguments failed validation.", "details": [{"field": "total_baggages", "error": "${UNICODE}", "type": "string_unicode"}]}`,
    );
    expect(modelCall(tau2Airline, "tau2_airline__0", "agent", "UpdateReservationFlightsTool", String.raw`{"reservation_id":"4WQ150","cabin":"economy\ud83d","flights":[],"payment_id":"x"}`)).toBe(
      `{"status": "error", "error_type": "validation_error", "message": "Tool arguments failed validation.", "details": [{"field": "cabin", "error": "${UNICODE}", "type": "string_unicode"}]}`,
    );
  });

  it("telecom: a float field, in pydantic's own message", () => {
    const scenario = catalog.entries.find((e) => e.scenario.upstreamId === "[service_issue]overdue_bill_suspension|unseat_sim_card[PERSONA:Easy]")!.scenario.name;
    expect(modelCall(tau2Telecom, scenario, "agent", "refuel_data", String.raw`{"customer_id":"C1001","line_id":"L1002","gb_amount":"\udfff"}`)).toBe(
      String.raw`{"status": "error", "error_type": "invalid_arguments", "message": "1 validation error for RefuelDataParams\ngb_amount\n  ` +
        UNICODE +
        String.raw` [type=string_unicode, input_value='\\udfff', input_type=str]\n    For further information visit https://errors.pydantic.dev/2.13/v/string_unicode"}`,
    );
  });
});
