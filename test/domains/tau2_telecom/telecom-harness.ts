/** Shared setup for the telecom tool tests: fixture DBs, a domain and a one-call dispatcher. */
import { join } from "node:path";
import { expect } from "vitest";
import { dbHash } from "../../../src/hash/db/index.js";
import type { DispatchOutcome, RunState } from "../../../src/engine/dispatch.js";
import { dispatch, initialRunState } from "../../../src/engine/dispatch.js";
import type { Domain } from "../../../src/engine/domain.js";
import type { Rng } from "../../../src/engine/rng.js";
import { createRng } from "../../../src/engine/rng.js";
import type { Side } from "../../../src/engine/types.js";
import { resolveDataRoot } from "../../../src/loaders/data-root.js";
import { loadDbArtifact } from "../../../src/loaders/load-db.js";
import type { JsonObject, JsonValue } from "../../../src/json/types.js";
import { telecomArgumentError, telecomDbNotInitialized } from "../../../src/domains/tau2_telecom/errors.js";
import { telecomAgentTools, telecomUserTools } from "../../../src/domains/tau2_telecom/tools/index.js";
import { toolDomain } from "../../helpers/tool-domain.js";

const root = resolveDataRoot({ mustContain: "tau2_telecom" });
const agentFixture = loadDbArtifact(join(root, "tau2_telecom", "db"));
const userFixture = loadDbArtifact(join(root, "tau2_telecom", "user_db"));

/** A fresh, mutable copy of the fixture DB of one side. */
export function fixtureDb(side: Side): JsonObject {
  return structuredClone(side === "agent" ? agentFixture : userFixture);
}

export const telecomDomain: Domain = toolDomain({
  name: "tau2_telecom",
  agent: telecomAgentTools,
  user: telecomUserTools,
  unknownArgs: "reject",
  argumentError: telecomArgumentError,
  dbNotInitialized: telecomDbNotInitialized,
});

/** An Rng whose hex ids are fixed, so a minted bill id is known in advance. */
export function fixedHexRng(hex: string): Rng {
  const base = createRng(0);
  return { ...base, hex: (n) => hex.slice(0, n).padEnd(n, "0") };
}

export const TODAY = "2025-02-25";

/** Set `a.b.0.c` in place (numeric parts index lists). */
export function setPath(db: JsonObject, path: string, value: JsonValue): void {
  const keys = path.split(".");
  let cur: JsonValue = db;
  for (const key of keys.slice(0, -1)) {
    cur = Array.isArray(cur) ? (cur[Number(key)] as JsonValue) : ((cur as JsonObject)[key] as JsonValue);
  }
  const last = keys[keys.length - 1] as string;
  if (Array.isArray(cur)) cur[Number(last)] = value;
  else (cur as JsonObject)[last] = value;
}

export interface Session {
  readonly side: Side;
  /** The side's DB now. */
  db(): JsonObject;
  state(): RunState;
  call(name: string, args?: JsonValue): DispatchOutcome;
}

/** Dispatch calls on one side one after another, keeping the run state between them. */
export function session(side: Side, db: JsonObject = fixtureDb(side), env: { today: string; rng: Rng } = { today: TODAY, rng: createRng(1) }): Session {
  let state = initialRunState({ [side]: db });
  return {
    side,
    db: () => state.dbs[side] as JsonObject,
    state: () => state,
    call(name, args = {}) {
      const outcome = dispatch(telecomDomain, state, side, { name, arguments: args }, env);
      state = outcome.state;
      return outcome;
    },
  };
}

// What the tool specs (one file per group of tools) share: sessions on the fixture DBs and checked calls.

export const agent = (): Session => session("agent");

export function toolError(message: string): JsonObject {
  return { status: "error", error_type: "tool_error", message };
}

/** Call, and check that a failed call left the DB untouched and recorded nothing. */
export function failing(s: Session, name: string, args: JsonObject): JsonObject {
  const before = s.db();
  const outcome = s.call(name, args);
  expect(outcome.status).not.toBe("ok");
  expect(outcome.records).toEqual([]);
  expect(s.db()).toBe(before);
  return outcome.result as JsonObject;
}

/** The fixture phone, optionally with some fields changed first. */
export function phone(patch: Record<string, JsonValue> = {}): Session {
  const db = fixtureDb("user");
  for (const [path, value] of Object.entries(patch)) setPath(db, path, value);
  return session("user", db);
}

export const BAR = "Status Bar: 📶³ Good | 5G | 📱 Data Enabled | 🔋 80%";

// After any network search the fixture phone picks up the 5G signal of its surroundings.
export const BAR_AFTER_SEARCH = "Status Bar: 📶⁴ Excellent | 5G | 📱 Data Enabled | 🔋 80%";

export function recorded(s: Session, name: string, args: JsonObject = {}): { result: JsonValue; records: JsonObject[] } {
  const outcome = s.call(name, args);
  expect(outcome.status).toBe("ok");
  return { result: outcome.result, records: outcome.records.map(({ side: _side, ...r }) => r) };
}

/** A reply that changes nothing and records nothing. */
export function refusal(s: Session, name: string, args: JsonObject = {}): JsonValue {
  const before = dbHash(s.db());
  const outcome = s.call(name, args);
  expect(outcome.status).toBe("ok");
  expect(outcome.records).toEqual([]);
  expect(dbHash(s.db())).toBe(before);
  return outcome.result;
}
