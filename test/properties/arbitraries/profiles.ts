/**
 * What the properties need to know about each domain that its tool schemas do
 * not say: which fixture schema each side's DB must keep satisfying, the
 * shape of its action records, whether records can be replayed, and how
 * argument names map onto DB fields.
 *
 * Every domain in the registry needs an entry; the tests fail with a clear
 * message for one that has none.
 */
import type { z } from "zod";
import type { Side, ToolCall } from "../../../src/engine/types.js";
import { EvaScenarioDbSchema } from "../../../src/domains/eva_airline/schemas/scenario-db.js";
import { Tau2AirlineDbSchema } from "../../../src/domains/tau2_airline/db-schema.js";
import { Tau2RetailDbSchema } from "../../../src/domains/tau2_retail/db-schema.js";
import { Tau2TelecomDbSchema } from "../../../src/domains/tau2_telecom/db-schema.js";
import { Tau2TelecomUserDbSchema } from "../../../src/domains/tau2_telecom/user-db-schema.js";
import type { FieldPath } from "../invariants/schema-check.js";
import type { PlanHints } from "./call-plans.js";
import type { FieldSpec } from "./field-specs.js";

/**
 * A crash the Python reference has too (its tool raises on the same input,
 * and the live bridge answers `{"error": str(exc)}`), so evalsim keeps it for
 * parity. Each entry's example was run through the reference tools
 * (refharness `run_calls.py`) and gave exactly `example.error` there.
 */
export interface ParityCrash {
  readonly tool: string;
  readonly message: RegExp;
  readonly why: string;
  readonly example: { readonly scenario: string; readonly calls: readonly ToolCall[]; readonly error: string };
}

export interface DomainProfile {
  readonly schemas: Readonly<Partial<Record<Side, z.ZodType>>>;
  /**
   * Fields the reference's tools store without checking their format, so
   * their fixture-schema format does not bind after a tool wrote them (each
   * checked with the reference tools).
   */
  readonly uncheckedFields: readonly FieldPath[];
  /** eva: flat `{action_type, ...}`; tau2: `{action_type, name, arguments, result}`. */
  readonly records: "flat" | "tau2";
  /**
   * Whether replaying the action records by `name` and `arguments` can
   * rebuild the DB. eva records carry neither, so eva cannot.
   */
  readonly replayFromRecords: boolean;
  readonly hints: PlanHints;
  readonly parityCrashes: readonly ParityCrash[];
}

const optional = (name: string, types: string[], literals: FieldSpec["literals"] = []): FieldSpec => ({ name, types, required: false, literals });

const EVA: DomainProfile = {
  schemas: { agent: EvaScenarioDbSchema },
  uncheckedFields: [],
  records: "flat",
  replayFromRecords: false,
  hints: {
    aliases: {
      new_journey_id: ["journey_id"],
      flight_date: ["date"],
      passenger_ids: ["passenger_id"],
      new_fare_class: ["fare_class"],
      refund_amount: ["refund_amount", "fare_paid", "amount"],
      amount: ["amount", "fare_paid"],
    },
    shapes: {},
    constants: { passenger_count: [1, 2, 3], num_bags: [0, 1, 2, 3], num_nights: [1, 2], transfer_reason: ["complex_itinerary"] },
  },
  parityCrashes: [
    {
      tool: "AssignSeatTool",
      message: /^invalid literal for int\(\) with base 10: /,
      why:
        "the seat row is int() of the passenger id's last three characters, and the passenger is never looked up, " +
        "so an id that fits ^PAX\\d+$ with fewer than three digits (PAX1, PAX00) raises ValueError in the reference too",
      example: {
        scenario: "eva_airline__voluntary_date_change",
        calls: [{ name: "AssignSeatTool", arguments: { confirmation_number: "ZK3FFW", passenger_id: "PAX00", journey_id: "FL_SK621_20260320", seat_preference: "window" } }],
        error: "invalid literal for int() with base 10: 'X00'",
      },
    },
  ],
};

const RETAIL: DomainProfile = {
  schemas: { agent: Tau2RetailDbSchema },
  uncheckedFields: [],
  records: "tau2",
  replayFromRecords: true,
  hints: {
    aliases: {
      new_item_id: ["linked:item_id"],
      // The order's user's payment methods, not only the one the order was paid with.
      payment_method_id: ["linked:id"],
    },
    shapes: {},
    constants: { expression: ["2+2", "1/0", "(3-1)*2.5", "2**8", "7//2", "--1", "()", "1e3", "0.1+0.2"] },
  },
  parityCrashes: [],
};

const AIRLINE: DomainProfile = {
  schemas: { agent: Tau2AirlineDbSchema },
  // `Passenger.dob` is a plain `str` in the reference's parameter model: UpdateReservationPassengersTool
  // and BookReservationTool store "1955" or "x" as given.
  uncheckedFields: [["reservations", "*", "passengers", "*", "dob"]],
  records: "tau2",
  replayFromRecords: true,
  hints: {
    aliases: {
      payment_id: ["payment_id", "id"],
      date: ["date", "keys:dates"],
    },
    shapes: {},
    constants: { expression: ["2+2", "1/0", "100*3"], amount: [0, 50, 100, 500, 5000] },
  },
  parityCrashes: [],
};

const TELECOM: DomainProfile = {
  schemas: { agent: Tau2TelecomDbSchema, user: Tau2TelecomUserDbSchema },
  uncheckedFields: [],
  records: "tau2",
  replayFromRecords: true,
  hints: {
    aliases: {
      dob: ["date_of_birth"],
      id: ["customer_id", "line_id", "bill_id", "device_id", "plan_id"],
      app_name: ["app_name", "keys:app_statuses"],
      permission: ["keys:permissions"],
    },
    shapes: {
      apn_settings: {
        name: "apn_settings",
        types: ["object"],
        required: true,
        literals: [],
        properties: [
          optional("apn_name", ["string"], ["internet", "broken"]),
          optional("mmsc_url", ["string", "null"], ["http://mms.carrier.com/mms/wapenc", null]),
          optional("reset_at_reboot", ["boolean"]),
          optional("mms_apn", ["string", "null"], ["mms"]),
          optional("mms_proxy", ["string", "null"]),
          optional("mms_port", ["integer", "null"], [8080]),
        ],
      },
    },
    constants: { limit: [0, 1, 3, 12, -1], gb_amount: [0.5, 1, 2, 5, 0, -1], reason: ["travel"] },
  },
  parityCrashes: [],
};

const PROFILES: Readonly<Record<string, DomainProfile>> = {
  eva_airline: EVA,
  tau2_retail: RETAIL,
  tau2_airline: AIRLINE,
  tau2_telecom: TELECOM,
};

export function profileOf(domain: string): DomainProfile {
  const p = PROFILES[domain];
  if (!p) throw new Error(`no property profile for domain '${domain}': add one to test/properties/arbitraries/profiles.ts`);
  return p;
}
