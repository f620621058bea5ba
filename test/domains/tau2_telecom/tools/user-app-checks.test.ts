/**
 * The telecom phone's app and MMS checks. Expected strings are
 * the NeMo reference tools' replies on the fixture phone DB (run through their
 * `invoke`), copied here character for character.
 */
import { describe, expect, it } from "vitest";
import { phone } from "../telecom-harness.js";

describe("MMS and app checks", () => {
  it("can_send_mms needs roaming when abroad and no MMS over Wi-Fi calling", () => {
    const abroad = phone({ "surroundings.is_abroad": true, "surroundings.roaming_allowed": true });
    expect(abroad.call("can_send_mms").result).toBe("Your messaging app cannot send MMS messages.");
    abroad.call("toggle_roaming");
    expect(abroad.call("can_send_mms").result).toBe("Your messaging app can send MMS messages.");
    const wifiCalling = phone({ "device.wifi_calling_enabled": true, "device.wifi_calling_mms_over_wifi": true });
    expect(wifiCalling.call("can_send_mms").result).toBe("Your messaging app cannot send MMS messages.");
  });

  it("app permissions: none granted, and underscores shown as spaces", () => {
    const s = phone({
      "device.app_statuses.messaging.permissions": { sms: false, storage: false, phone: false, network: false },
      "device.app_statuses.files": { app_name: "files", permissions: { read_media: false, Write_Access: true } },
    });
    expect(s.call("check_app_status", { app_name: "messaging" }).result).toBe("Status for App: messaging\n - Permissions: None granted.");
    expect(s.call("check_app_permissions", { app_name: "messaging" }).result).toBe("App 'messaging' currently has no permissions granted.");
    expect(s.call("check_app_permissions", { app_name: "files" }).result).toBe("App 'files' has permission for: write access.");
  });
});
