/**
 * The reference's tests/unit/test_initialization_actions_replay.py: the
 * initialization replayer on a synthetic domain's functions. evalsim's
 * registry is the domain value's `initFunctions` object; the replayer's
 * "Available: [...]" list shows what a domain registered. The bot-side RTVI
 * handler cases are not applicable (evalsim applies initialization in process).
 */
import { describe, expect, it } from "vitest";
import { applyInitializationActions } from "../../src/engine/assertions.js";
import type { InitFunction } from "../../src/engine/domain.js";
import { PyError } from "../../src/python/error.js";
import type { JsonObject } from "../../src/json/types.js";

const ORIGIN = { domain: "_test_init_actions_synthetic_domain", module: "tests.synthetic" };
const setCount: InitFunction = (db, args) => {
  db["count"] = args["value"] ?? null;
};
const setStatus: InitFunction = (db, args) => {
  db["status"] = args["status"] ?? null;
};
const BOTH = { set_count: setCount, set_status: setStatus };
const apply = (actions: Record<string, unknown>[], db: JsonObject | null, fns: Record<string, InitFunction> = BOTH) =>
  applyInitializationActions(fns, actions as Record<string, never>[], db, { today: "2025-02-25" }, ORIGIN);
const unknownName = [{ side: "user", func_name: "nothing_by_this_name", arguments: {} }];

describe("registration (the domain's initFunctions object)", () => {
  it("test_register_init_function_lands_in_registry", () => {
    expect(apply(unknownName, {}, { set_count: setCount }).errors[0]).toContain("Available: ['set_count'].");
  });
  it("test_register_two_init_functions_same_domain", () => {
    expect(apply(unknownName, {}).errors[0]).toContain("Available: ['set_count', 'set_status'].");
  });
});

describe("dispatcher", () => {
  it("test_dispatch_mutates_db_in_place", () => {
    const db: JsonObject = {};
    expect(apply([{ side: "user", func_name: "set_count", arguments: { value: 42 } }], db)).toEqual({ success: true, errors: [] });
    expect(db).toEqual({ count: 42 });
  });
  it("test_dispatch_ignores_per_action_side_field", () => {
    const db: JsonObject = {};
    const r = apply(
      [
        { side: "user", func_name: "set_count", arguments: { value: 7 } },
        { side: "totally-made-up", func_name: "set_status", arguments: { status: "ok" } },
      ],
      db,
    );
    expect(r.success).toBe(true);
    expect(db).toEqual({ count: 7, status: "ok" });
  });
  it("test_dispatch_continues_through_failures_collecting_errors", () => {
    const db: JsonObject = {};
    const r = apply(
      [
        { side: "user", func_name: "set_count", arguments: { value: 1 } },
        { side: "user", func_name: "nonexistent", arguments: {} },
        { side: "user", func_name: "set_count", arguments: { value: 2 } },
      ],
      db,
    );
    expect(r.success).toBe(false);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toContain("nonexistent");
    expect(db).toEqual({ count: 2 });
  });
  it("test_dispatch_none_db_returns_error", () => {
    const r = apply([{ side: "user", func_name: "set_count", arguments: { value: 1 } }], null);
    expect(r.success).toBe(false);
    expect(r.errors[0]).toContain("No db provided");
  });
  it("test_dispatch_function_raising_exception_reports_error", () => {
    const explodes: InitFunction = () => {
      throw new PyError("ValueError", "boom");
    };
    const r = apply([{ side: "user", func_name: "explodes", arguments: {} }], {}, { explodes });
    expect(r.success).toBe(false);
    expect(r.errors[0]).toContain("ValueError");
    expect(r.errors[0]).toContain("boom");
  });
  it("test_dispatch_empty_actions_list_is_success", () => {
    expect(apply([], {})).toEqual({ success: true, errors: [] });
  });
});
