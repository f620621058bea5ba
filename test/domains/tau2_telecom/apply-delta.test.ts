import { produce } from "immer";
import { describe, expect, it } from "vitest";
import { applyTelecomSyncDelta } from "../../../src/domains/tau2_telecom/apply-delta.js";
import { APPLY_CASES } from "./cases/apply-cases.js";
import { changes, fixtureDb } from "./helpers.js";

describe("applyTelecomSyncDelta matches the reference's apply_sync_delta", () => {
  for (const c of APPLY_CASES) {
    it(c.label, () => {
      const db = fixtureDb(c.side, c.set);
      const before = structuredClone(db);
      expect(applyTelecomSyncDelta(db, c.delta)).toEqual(c.expect.errors);
      expect(changes(before, db)).toEqual(c.expect.changes);
    });
  }

  it("works on immer drafts, keeping the keys applied before a failure", () => {
    for (const c of APPLY_CASES) {
      const base = fixtureDb(c.side, c.set);
      let errors: string[] = [];
      const next = produce(base, (draft) => {
        errors = applyTelecomSyncDelta(draft, c.delta);
      });
      expect(errors, c.label).toEqual(c.expect.errors);
      expect(changes(base, next), c.label).toEqual(c.expect.changes);
    }
  });
});
