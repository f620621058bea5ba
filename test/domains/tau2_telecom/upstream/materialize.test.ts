/**
 * The telecom model table fills in what NeMo's pydantic models fill in. The
 * expected documents are `Model.model_validate(doc).model_dump(mode="json")`
 * from NeMo's tools/tau2_telecom_params.py under pydantic 2.13, for minimal
 * documents that leave every optional field out; key order is compared too.
 */
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../../../src/json/types.js";
import { type FilledField, materialize } from "../../../../src/domains/tau2_telecom/upstream/materialize.js";
import { TELECOM_DB_MODEL, TELECOM_USER_DB_MODEL } from "../../../../src/domains/tau2_telecom/upstream/model-defaults.js";

const MINIMAL_DB = {
  "plans": [],
  "customers": [
    {
      "customer_id": "C",
      "full_name": "F",
      "date_of_birth": "1990-01-01",
      "email": "e",
      "phone_number": "p",
      "address": {
        "street": "s",
        "city": "c",
        "state": "st",
        "zip_code": "z"
      }
    }
  ],
  "lines": [
    {
      "line_id": "L",
      "phone_number": "p",
      "plan_id": "P"
    }
  ],
  "bills": [
    {
      "bill_id": "B",
      "customer_id": "C",
      "period_start": "2025-01-01",
      "period_end": "2025-01-31",
      "issue_date": "2025-02-01",
      "total_due": 1.5,
      "due_date": "2025-02-15"
    }
  ],
  "devices": [
    {
      "device_id": "D",
      "device_type": "phone",
      "model": "M",
      "is_esim_capable": true
    }
  ]
};

const MINIMAL_USER_DB = {
  device: { vpn_details: {}, app_statuses: { x: { app_name: "x" } } },
  surroundings: { payment_request: { bill_id: "B", amount_due: 2.0 } },
};

// Python's output, verbatim.
const PYDANTIC_DB = {
  "plans": [],
  "customers": [
    {
      "customer_id": "C",
      "full_name": "F",
      "date_of_birth": "1990-01-01",
      "email": "e",
      "phone_number": "p",
      "address": {
        "street": "s",
        "city": "c",
        "state": "st",
        "zip_code": "z"
      },
      "account_status": "Pending Verification",
      "payment_methods": [],
      "line_ids": [],
      "bill_ids": [],
      "created_at": "2025-01-01",
      "last_extension_date": null,
      "goodwill_credit_used_this_year": 0.0
    }
  ],
  "lines": [
    {
      "line_id": "L",
      "phone_number": "p",
      "status": "Pending Activation",
      "plan_id": "P",
      "device_id": null,
      "data_used_gb": 0.0,
      "data_refueling_gb": 0.0,
      "roaming_enabled": false,
      "contract_end_date": null,
      "last_plan_change_date": null,
      "last_sim_replacement_date": null,
      "suspension_start_date": null
    }
  ],
  "bills": [
    {
      "bill_id": "B",
      "customer_id": "C",
      "period_start": "2025-01-01",
      "period_end": "2025-01-31",
      "issue_date": "2025-02-01",
      "total_due": 1.5,
      "due_date": "2025-02-15",
      "line_items": [],
      "status": "Draft"
    }
  ],
  "devices": [
    {
      "device_id": "D",
      "device_type": "phone",
      "model": "M",
      "imei": null,
      "is_esim_capable": true,
      "activated": false,
      "activation_date": null,
      "last_esim_transfer_date": null
    }
  ]
};
const PYDANTIC_USER_DB = {
  "device": {
    "sim_card_status": "active",
    "sim_card_missing": false,
    "airplane_mode": false,
    "network_signal_strength": "good",
    "network_technology_connected": "5G",
    "network_connection_status": "connected",
    "battery_level": 80,
    "data_enabled": true,
    "roaming_enabled": false,
    "network_mode_preference": "4g_5g_preferred",
    "active_apn_settings": {
      "apn_name": "internet",
      "reset_at_reboot": false,
      "mms_apn": "mms",
      "mmsc_url": "http://mms.carrier.com/mms/wapenc",
      "mms_proxy": null,
      "mms_port": null
    },
    "wifi_enabled": false,
    "wifi_connected": false,
    "wifi_ssid": null,
    "wifi_signal_strength": "none",
    "wifi_calling_enabled": false,
    "wifi_calling_mms_over_wifi": false,
    "data_saver_mode": false,
    "vpn_enabled_setting": false,
    "vpn_connected": false,
    "vpn_details": {
      "server_address": null,
      "protocol": null,
      "server_performance": "unknown"
    },
    "app_statuses": {
      "x": {
        "app_name": "x",
        "permissions": {
          "sms": false,
          "storage": false,
          "phone": false,
          "network": false
        }
      }
    }
  },
  "surroundings": {
    "name": null,
    "phone_number": null,
    "is_abroad": false,
    "roaming_allowed": false,
    "signal_strength": {
      "2G": "poor",
      "3G": "fair",
      "4G": "good",
      "5G": "excellent"
    },
    "mobile_data_usage_exceeded": false,
    "line_active": true,
    "payment_request": {
      "bill_id": "B",
      "amount_due": 2.0,
      "paid": false
    }
  }
};
const PYDANTIC_EMPTY_USER_DB = {
  "device": {
    "sim_card_status": "active",
    "sim_card_missing": false,
    "airplane_mode": false,
    "network_signal_strength": "good",
    "network_technology_connected": "5G",
    "network_connection_status": "connected",
    "battery_level": 80,
    "data_enabled": true,
    "roaming_enabled": false,
    "network_mode_preference": "4g_5g_preferred",
    "active_apn_settings": {
      "apn_name": "internet",
      "reset_at_reboot": false,
      "mms_apn": "mms",
      "mmsc_url": "http://mms.carrier.com/mms/wapenc",
      "mms_proxy": null,
      "mms_port": null
    },
    "wifi_enabled": false,
    "wifi_connected": false,
    "wifi_ssid": null,
    "wifi_signal_strength": "none",
    "wifi_calling_enabled": false,
    "wifi_calling_mms_over_wifi": false,
    "data_saver_mode": false,
    "vpn_enabled_setting": false,
    "vpn_connected": false,
    "vpn_details": null,
    "app_statuses": {
      "messaging": {
        "app_name": "messaging",
        "permissions": {
          "sms": true,
          "storage": true,
          "phone": true,
          "network": false
        }
      },
      "browser": {
        "app_name": "browser",
        "permissions": {
          "sms": false,
          "storage": true,
          "phone": false,
          "network": true
        }
      }
    }
  },
  "surroundings": {
    "name": null,
    "phone_number": null,
    "is_abroad": false,
    "roaming_allowed": false,
    "signal_strength": {
      "2G": "poor",
      "3G": "fair",
      "4G": "good",
      "5G": "excellent"
    },
    "mobile_data_usage_exceeded": false,
    "line_active": true,
    "payment_request": null
  }
};

/** JSON text with keys in document order, so order differences show. */
const text = (v: unknown): string => JSON.stringify(v);

describe("materialize with the telecom models", () => {
  it("fills a minimal agent DB as TelecomDB does, date default included", () => {
    const filled: FilledField[] = [];
    expect(text(materialize(MINIMAL_DB as JsonObject, TELECOM_DB_MODEL, [], filled))).toBe(text(PYDANTIC_DB));
    expect(filled.map((f) => f.path.join("."))).toContain("customers.0.created_at");
  });

  it("fills nested models of the user DB (VPN details, app permissions, payment request)", () => {
    expect(text(materialize(MINIMAL_USER_DB as JsonObject, TELECOM_USER_DB_MODEL, [], []))).toBe(text(PYDANTIC_USER_DB));
  });

  it("builds the whole user DB from nothing", () => {
    const filled: FilledField[] = [];
    expect(text(materialize({}, TELECOM_USER_DB_MODEL, [], filled))).toBe(text(PYDANTIC_EMPTY_USER_DB));
    expect(filled.map((f) => f.path.join("."))).toEqual(["device", "surroundings"]);
  });
});
