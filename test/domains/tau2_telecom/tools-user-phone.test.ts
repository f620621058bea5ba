/**
 * What every telecom phone tool shares (argument and DB errors). Expected strings are
 * the NeMo reference tools' replies on the fixture phone DB (run through their
 * `invoke`), copied here character for character.
 */
import { describe, expect, it } from "vitest";
import { phone, session } from "./telecom-harness.js";

describe("errors every phone tool shares", () => {
  it("no-argument tools reject any argument", () => {
    const s = phone();
    const before = s.db();
    expect(s.call("toggle_data", { on: true }).result).toEqual({
      status: "error",
      error_type: "invalid_arguments",
      message:
        "1 validation error for ToggleDataParams\non\n  Extra inputs are not permitted [type=extra_forbidden, input_value=True, input_type=bool]\n    For further information visit https://errors.pydantic.dev/2.13/v/extra_forbidden",
    });
    expect(s.db()).toBe(before);
  });

  it("a missing phone DB", () => {
    expect(session("user", {}).call("check_status_bar").result).toEqual({
      status: "error",
      error_type: "db_not_initialized",
      message: "Scenario user-side database not loaded. This indicates a fixture-loading bug.",
    });
  });
});
