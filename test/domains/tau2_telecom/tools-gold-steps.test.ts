/**
 * The sampled telecom gold trajectories, replayed through the tools: every
 * step's result, the sync deltas after it, the final DB hashes and the action
 * records must be the reference's (shared/reference/vectors/
 * tau2_telecom_sample.json, computed by the NeMo harness at today=2025-02-25).
 * Replay follows the reference's gold replay: init each side, sync and
 * re-apply the deltas, then each gold call followed by the same sync.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { produce } from "immer";
import { describe, expect, it } from "vitest";
import { applyInitializationActions } from "../../../src/engine/assertions.js";
import { TELECOM_INIT_ORIGIN } from "../../../src/domains/tau2_telecom/origins.js";
import { telecomInitFunctions } from "../../../src/domains/tau2_telecom/init-functions.js";
import { telecomSync } from "../../../src/domains/tau2_telecom/sync.js";
import type { RunState } from "../../../src/engine/dispatch.js";
import { dispatch, initialRunState } from "../../../src/engine/dispatch.js";
import { createRng } from "../../../src/engine/rng.js";
import type { Side } from "../../../src/engine/types.js";
import { resolveDataRoot } from "../../../src/loaders/data-root.js";
import { parsePythonJson } from "../../../src/json/parse.js";
import type { JsonObject, JsonValue } from "../../../src/json/types.js";
import { dbHash } from "../../../src/hash/db/index.js";
import { fixtureDb, telecomDomain } from "./telecom-harness.js";

interface GoldStep {
  name: string;
  side: Side;
  arguments: JsonObject;
  result: JsonValue;
  sync_delta_after: { agent: JsonObject; user: JsonObject };
}
interface TelecomVector {
  initialization_actions: JsonObject[];
  gold: { db_hash: string; user_db_hash: string; actions: JsonObject[]; steps: GoldStep[] };
}

const root = resolveDataRoot({ mustContain: "tau2_telecom" });
const vectors = parsePythonJson(readFileSync(join(root, "..", "reference", "vectors", "tau2_telecom_sample.json"), "utf8")) as unknown as {
  meta: { today: string };
  scenarios: Record<string, TelecomVector>;
};
const today = vectors.meta.today;

/** Sync both DBs and re-apply the deltas (which runs the network search), as gold replay does. */
function syncStep(state: RunState): { state: RunState; deltas: { agent: JsonObject; user: JsonObject } } {
  let deltas: { agent: JsonObject; user: JsonObject } = { agent: {}, user: {} };
  const dbs = produce({ agent: state.dbs.agent as JsonObject, user: state.dbs.user as JsonObject }, (d) => {
    const found = telecomSync.sync(d.agent, d.user);
    deltas = { agent: { ...(found.agent ?? {}) }, user: { ...(found.user ?? {}) } };
    if (Object.keys(deltas.agent).length > 0) expect(telecomSync.applyDelta(d.agent, deltas.agent)).toEqual([]);
    if (Object.keys(deltas.user).length > 0) expect(telecomSync.applyDelta(d.user, deltas.user)).toEqual([]);
  });
  return { state: { ...state, dbs }, deltas };
}

describe("telecom gold steps replay through the tools (today = 2025-02-25)", () => {
  for (const [name, v] of Object.entries(vectors.scenarios)) {
    it(name, () => {
      const agent = fixtureDb("agent");
      const user = fixtureDb("user");
      for (const [side, db] of [["agent", agent], ["user", user]] as const) {
        const subset = v.initialization_actions.filter((a) => a["side"] === side);
        expect(applyInitializationActions(telecomInitFunctions, subset, db, { today }, TELECOM_INIT_ORIGIN)).toEqual({ success: true, errors: [] });
      }
      let state = syncStep(initialRunState({ agent, user })).state;
      const env = { today, rng: createRng(name) };
      v.gold.steps.forEach((step, i) => {
        const outcome = dispatch(telecomDomain, state, step.side, { name: step.name, arguments: step.arguments }, env);
        expect(outcome.result, `step ${i} ${step.name}`).toEqual(step.result);
        const synced = syncStep(outcome.state);
        expect(synced.deltas, `sync after step ${i} ${step.name}`).toEqual(step.sync_delta_after);
        state = synced.state;
      });
      expect(state.actions).toEqual(v.gold.actions);
      expect(dbHash(state.dbs.agent as JsonObject)).toBe(v.gold.db_hash);
      expect(dbHash(state.dbs.user as JsonObject)).toBe(v.gold.user_db_hash);
    });
  }
});
