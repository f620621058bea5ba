/** Initialization records, run over a stand-in domain's init functions. */
import { describe, expect, it } from "vitest";
import type { Domain } from "../../src/engine/domain.js";
import { applyInitialization } from "../../src/engine/init.js";
import type { JsonObject } from "../../src/json/types.js";
import { deepFreeze } from "../../src/json/freeze.js";
import { tinyDomain } from "../helpers/tiny-domain.js";

const phone: Domain = {
  ...tinyDomain("phone"),
  initFunctions: {
    set_line: (db, args) => void (db["line_active"] = args["on"] as boolean),
    fail: () => {
      throw new Error("boom");
    },
  },
};

describe("applyInitialization", () => {
  it("runs the records in order on a copy and reports a failing one without rolling back the rest", () => {
    const db: JsonObject = deepFreeze({ line_active: false });
    const out = applyInitialization(
      phone,
      db,
      [
        { side: "agent", func_name: "set_line", arguments: { on: true } },
        { side: "agent", func_name: "fail", arguments: {} },
      ] as never,
      { today: "2026-01-05" },
    );
    expect(out.db).toEqual({ line_active: true });
    expect(db).toEqual({ line_active: false });
    expect(out.errors).toHaveLength(1);
    expect(out.errors[0]).toMatch(/^\[action 1\] 'fail' raised: .*boom/);
  });
});
