/** What `evalsim fuzz` needs to know about tau2_telecom beyond its tool schemas (see engine/fuzz-profile.ts). */
import type { FuzzProfile, FieldSpec } from "../../engine/fuzz-profile.js";

const optional = (name: string, types: string[], literals: FieldSpec["literals"] = []): FieldSpec => ({ name, types, required: false, literals });

export const telecomFuzz: FuzzProfile = {
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
