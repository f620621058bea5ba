import { describe, expect, it } from "vitest";
import { evaluateDbStateAssertion } from "../../../src/engine/assertions.js";
import { TELECOM_PREDICATE_ORIGIN } from "../../../src/domains/tau2_telecom/origins.js";
import { canSendMms, mobileDataWorking, runSpeedTest, telecomPredicates } from "../../../src/domains/tau2_telecom/predicates.js";
import { PREDICATE_CASES } from "./cases/predicate-cases.js";
import { SPEED_CASES } from "./cases/speed-cases.js";
import { fixtureDb } from "./helpers.js";

describe("runSpeedTest matches the reference's _run_speed_test", () => {
  for (const c of SPEED_CASES) {
    it(c.label, () => {
      expect(runSpeedTest(fixtureDb("user", c.set))).toEqual(c.expect);
    });
  }

  it("rounds half-way products the way Python's round() does", () => {
    // 2G at fair: (0.1 + 0.4) / 2 * 0.5 = 0.125 → round(0.125, 2) == 0.12 in Python (reference value above).
    const db = fixtureDb("user", { "device.network_technology_connected": "2G", "device.network_signal_strength": "fair" });
    expect(runSpeedTest(db).speed).toBe(0.12);
  });
});

describe("mobileDataWorking and canSendMms", () => {
  // The reference's speed test returns no speed exactly when mobile data is not working.
  for (const c of SPEED_CASES) {
    it(`mobile data ${c.expect.speed === null ? "down" : "up"}: ${c.label}`, () => {
      expect(mobileDataWorking(fixtureDb("user", c.set))).toBe(c.expect.speed !== null);
    });
  }

  it("reads MMS capability as the reference does", () => {
    // Reference verdicts in PREDICATE_CASES: the fixture can send MMS; 2G, a missing MMSC URL,
    // Wi-Fi calling with MMS over Wi-Fi, or a missing sms permission block it.
    expect(canSendMms(fixtureDb("user"))).toBe(true);
    expect(canSendMms(fixtureDb("user", { "device.network_technology_connected": "2G" }))).toBe(false);
    expect(canSendMms(fixtureDb("user", { "device.active_apn_settings.mmsc_url": null }))).toBe(false);
    expect(
      canSendMms(fixtureDb("user", { "device.wifi_calling_enabled": true, "device.wifi_calling_mms_over_wifi": true })),
    ).toBe(false);
    expect(canSendMms(fixtureDb("user", { "device.app_statuses.messaging.permissions.sms": false }))).toBe(false);
  });
});

describe("telecom predicates match the reference's verdicts", () => {
  it("registers the reference's six predicates", () => {
    expect(Object.keys(telecomPredicates).sort()).toEqual([
      "assert_can_send_mms",
      "assert_data_refueling_amount",
      "assert_internet_speed",
      "assert_mobile_data_status",
      "assert_no_overdue_bill",
      "assert_service_status",
    ]);
  });

  for (const c of PREDICATE_CASES) {
    it(c.label, () => {
      const side = c.assertion["side"];
      const agent = c.nodb ? null : fixtureDb("agent", side === "agent" ? c.set : {});
      const user = c.nodb ? null : fixtureDb("user", side === "user" ? c.set : {});
      expect(evaluateDbStateAssertion(c.assertion, agent, user, telecomPredicates, TELECOM_PREDICATE_ORIGIN)).toEqual(c.expect);
    });
  }
});
