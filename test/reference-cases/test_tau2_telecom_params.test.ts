/**
 * The reference's tests/unit/test_tau2_telecom_params.py: the shared telecom
 * fixtures validate against the DB schemas, the user DB carries the
 * materialized defaults the predicates read, unknown fields are refused, and
 * the enum values the predicates compare with are upstream's. evalsim's
 * schemas are zod, so "refused" means an `unrecognized_keys` issue naming
 * the unknown field.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveDataRoot } from "../../src/loaders/data-root.js";
import { Tau2TelecomDbSchema } from "../../src/domains/tau2_telecom/db-schema.js";
import { NETWORK_STATUSES, NETWORK_TECHNOLOGIES, SIGNAL_STRENGTHS, Tau2TelecomUserDbSchema } from "../../src/domains/tau2_telecom/user-db-schema.js";
import { withoutMarks } from "../../src/json/marks.js";
import type { Obj } from "./helpers.js";

const dir = join(resolveDataRoot({ mustContain: "tau2_telecom" }), "tau2_telecom");
const raw = (name: string): Obj => JSON.parse(readFileSync(join(dir, name), "utf8")) as Obj;

/** The keys a zod failure reports as unrecognized. */
function unrecognized(result: { success: boolean; error?: { issues: readonly Obj[] } }): string[] {
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).filter((i) => i.code === "unrecognized_keys").flatMap((i) => i.keys as string[]);
}

describe("imported JSON validates through both DB schemas", () => {
  it("test_db_json_validates_via_TelecomDB", () => {
    const parsed = Tau2TelecomDbSchema.safeParse(withoutMarks(raw("db.json")));
    expect(parsed.success).toBe(true);
    expect(parsed.data!.customers.length).toBeGreaterThan(0);
    expect(parsed.data!.plans.length).toBeGreaterThan(0);
    expect(parsed.data!.lines.length).toBeGreaterThan(0);
  });
  it("test_user_db_json_validates_via_TelecomUserDB", () => {
    const parsed = Tau2TelecomUserDbSchema.safeParse(withoutMarks(raw("user_db.json")));
    expect(parsed.success).toBe(true);
    expect(parsed.data!.device.sim_card_status).toBe("active");
    expect(parsed.data!.surroundings.is_abroad).toBe(false);
  });
});

describe("materialized defaults", () => {
  it("test_user_db_json_has_surroundings_block", () => {
    const s = raw("user_db.json").surroundings;
    expect(s).toBeDefined();
    expect(s.is_abroad).toBe(false);
    expect(s.roaming_allowed).toBe(false);
    expect(s.line_active).toBe(true);
    expect(s.signal_strength).toEqual({ "2G": "poor", "3G": "fair", "4G": "good", "5G": "excellent" });
  });
  it("test_user_db_json_has_app_statuses_with_messaging_and_browser", () => {
    const apps = raw("user_db.json").device.app_statuses;
    expect(Object.keys(apps)).toEqual(expect.arrayContaining(["messaging", "browser"]));
    expect(apps.messaging.permissions.sms).toBe(true);
    expect(apps.messaging.permissions.storage).toBe(true);
  });
});

describe("unknown fields are refused", () => {
  it("test_TelecomUserDB_rejects_unknown_field", () => {
    const r = Tau2TelecomUserDbSchema.safeParse({ device: {}, surroundings: {}, totally_made_up_field: 42 });
    expect(unrecognized(r)).toContain("totally_made_up_field");
  });
  it("test_UserSurroundings_rejects_unknown_field", () => {
    const r = Tau2TelecomUserDbSchema.shape.surroundings.safeParse({ is_abroad: true, not_a_real_field: "x" });
    expect(unrecognized(r)).toContain("not_a_real_field");
  });
});

describe("enum values the predicates depend on", () => {
  it("test_signal_strength_enum_values_match_upstream", () => {
    expect([...SIGNAL_STRENGTHS].sort()).toEqual(["excellent", "fair", "good", "none", "poor"]);
  });
  it("test_network_status_enum_values_match_upstream", () => {
    expect(NETWORK_STATUSES).toContain("no_service");
    expect(NETWORK_STATUSES).toContain("connected");
  });
  it("test_network_technology_enum_values_match_upstream", () => {
    expect(NETWORK_TECHNOLOGIES).toContain("2G");
    expect(NETWORK_TECHNOLOGIES).toContain("5G");
    expect(NETWORK_TECHNOLOGIES).toContain("none");
  });
});
