/**
 * The DB hash ignores what the reference's `get_dict_hash` ignores: the order
 * of object keys and of lists under order-independent field names. Checked on
 * real scenario DBs (samples of the big ones) after generated calls, and on
 * generated documents; a swap inside an ordered list must change the hash,
 * so the property cannot hold vacuously.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import { createRng } from "../../src/engine/rng.js";
import { SIDES } from "../../src/engine/types.js";
import type { JsonObject } from "../../src/json/types.js";
import { dbHash } from "../../src/hash/db/index.js";
import { documentArb } from "../helpers/json-arbitraries.js";
import { orderedLists, permuted, sampleOf, withSwapped } from "../../src/fuzz/permute.js";
import { familyOf, sequencePlanArb } from "../../src/fuzz/sequences.js";
import { worldAt } from "./worlds.js";
import { runPlans } from "../../src/fuzz/sequence.js";
import { runs } from "./settings.js";

describe("the DB hash is blind to key order and to the order of order-independent lists", () => {
  for (const domain of registry.domains) {
    it(`${domain.name}: DBs after generated calls`, () => {
      fc.assert(
        fc.property(sequencePlanArb(domain, familyOf(domain), 4), fc.integer(), (seq, shuffleSeed) => {
          const rng = createRng(shuffleSeed);
          const end = runPlans(worldAt(domain, seq.world), seq.calls).state;
          for (const side of SIDES) {
            const db = end.dbs[side];
            if (!db) continue;
            const sample = sampleOf(db, rng, 6);
            const hash = dbHash(sample);
            expect(dbHash(permuted(sample, rng) as JsonObject)).toBe(hash);
            const lists = orderedLists(sample);
            const path = lists[rng.int(lists.length)];
            if (path) expect(dbHash(withSwapped(sample, path))).not.toBe(hash);
          }
        }),
        runs(60),
      );
    });
  }

  it("generated documents", () => {
    fc.assert(
      fc.property(documentArb, fc.integer(), (doc, shuffleSeed) => {
        expect(dbHash(permuted(doc, createRng(shuffleSeed)))).toBe(dbHash(doc));
      }),
      runs(500),
    );
  });
});
