/**
 * Telecom post-init state against the reference harness's published vectors
 * (shared/reference/vectors/tau2_telecom_sample.json, produced by the Python
 * harness at today=2025-02-25): init records, the post-init sync and its
 * re-applied deltas, and the assertion verdicts at conversation start.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { produce } from "immer";
import { describe, expect, it } from "vitest";
import { applyInitializationActions, evaluateDbStateAssertion } from "../../../src/engine/assertions.js";
import { TELECOM_INIT_ORIGIN, TELECOM_PREDICATE_ORIGIN } from "../../../src/domains/tau2_telecom/origins.js";
import { telecomInitFunctions } from "../../../src/domains/tau2_telecom/init-functions.js";
import { telecomPredicates } from "../../../src/domains/tau2_telecom/predicates.js";
import { telecomSync } from "../../../src/domains/tau2_telecom/sync.js";
import { resolveDataRoot } from "../../../src/loaders/data-root.js";
import { loadDbArtifact } from "../../../src/loaders/load-db.js";
import { parsePythonJson } from "../../../src/json/parse.js";
import type { JsonObject } from "../../../src/json/types.js";
import { dbHash } from "../../../src/hash/db/index.js";

interface Hashes {
  db_hash: string;
  user_db_hash: string;
}
interface TelecomVector {
  initialization_actions: JsonObject[];
  pre_init: Hashes;
  post_init: Hashes;
  post_init_sync_delta: { agent: JsonObject; user: JsonObject };
  after_post_init_sync: Hashes;
  db_state_assertions: JsonObject[];
  verdicts_at_conversation_start: JsonObject[];
}

const root = resolveDataRoot({ mustContain: "tau2_telecom" });
const vectorsFile = join(root, "..", "reference", "vectors", "tau2_telecom_sample.json");
const vectors = parsePythonJson(readFileSync(vectorsFile, "utf8")) as unknown as {
  meta: { today: string };
  scenarios: Record<string, TelecomVector>;
};
const ctx = { today: vectors.meta.today };
const agentFixture = loadDbArtifact(join(root, "tau2_telecom", "db"));
const userFixture = loadDbArtifact(join(root, "tau2_telecom", "user_db"));

/** §4.1 steps 3-4: agent-side init records, then user-side ones, each onto its own DB. */
function initialize(v: TelecomVector, agent: JsonObject, user: JsonObject): void {
  for (const [side, db] of [["agent", agent], ["user", user]] as const) {
    const subset = v.initialization_actions.filter((a) => a["side"] === side);
    const result = applyInitializationActions(telecomInitFunctions, subset, db, ctx, TELECOM_INIT_ORIGIN);
    expect(result).toEqual({ success: true, errors: [] });
  }
}

function hashes(agent: JsonObject, user: JsonObject): Hashes {
  return { db_hash: dbHash(agent), user_db_hash: dbHash(user) };
}

describe("tau2_telecom vectors (today = 2025-02-25)", () => {
  it("has every sampled scenario", () => expect(Object.keys(vectors.scenarios).length).toBe(38));
  it("uses the fixtures the vectors were computed from", () => {
    const first = Object.values(vectors.scenarios)[0];
    expect(hashes(agentFixture, userFixture)).toEqual(first?.pre_init);
  });

  for (const [name, v] of Object.entries(vectors.scenarios)) {
    it(name, () => {
      const agent = structuredClone(agentFixture);
      const user = structuredClone(userFixture);
      expect(hashes(agent, user)).toEqual(v.pre_init);

      initialize(v, agent, user);
      expect(hashes(agent, user)).toEqual(v.post_init);

      const deltas = telecomSync.sync(agent, user);
      expect(deltas).toEqual(v.post_init_sync_delta);
      expect(Object.keys(deltas.user ?? {})).toEqual(Object.keys(v.post_init_sync_delta.user));
      expect(Object.keys(deltas.agent ?? {})).toEqual(Object.keys(v.post_init_sync_delta.agent));
      if (Object.keys(deltas.agent ?? {}).length > 0) expect(telecomSync.applyDelta(agent, deltas.agent ?? {})).toEqual([]);
      if (Object.keys(deltas.user ?? {}).length > 0) expect(telecomSync.applyDelta(user, deltas.user ?? {})).toEqual([]);
      expect(hashes(agent, user)).toEqual(v.after_post_init_sync);

      const verdicts = v.db_state_assertions.map((a) =>
        evaluateDbStateAssertion(a, agent, user, telecomPredicates, TELECOM_PREDICATE_ORIGIN),
      );
      expect(verdicts).toEqual(v.verdicts_at_conversation_start);
    });
  }

  it("gives the same post-sync state when run on immer drafts", () => {
    for (const v of Object.values(vectors.scenarios)) {
      const next = produce({ agent: agentFixture, user: userFixture }, (draft) => {
        initialize(v, draft.agent, draft.user);
        const deltas = telecomSync.sync(draft.agent, draft.user);
        if (deltas.agent) telecomSync.applyDelta(draft.agent, deltas.agent);
        if (deltas.user) telecomSync.applyDelta(draft.user, deltas.user);
      });
      expect(hashes(next.agent, next.user)).toEqual(v.after_post_init_sync);
    }
  });
});
