/**
 * `data/provenance.json`: where the fixtures come from and the values pinned
 * for them that no fixture file states itself (hashes, record counts), each
 * with a note saying where it was taken from.
 */
import { join } from "node:path";
import { z } from "zod";
import { PROJECT_ROOT } from "./data-root.js";
import { readJsonFile } from "./load-db.js";
import { validateFixture } from "./schema-check.js";

export const PROVENANCE_FILE = join(PROJECT_ROOT, "data", "provenance.json");

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, "a SHA-256 hex digest");

const Source = z.looseObject({
  repo: z.string(),
  /** The git ref raw URLs name (a tag or a commit). */
  ref: z.string(),
  commit: z.string().regex(/^[0-9a-f]{40}$/, "a 40-digit commit id"),
  license: z.string().optional(),
});

export const ProvenanceSchema = z.looseObject({
  sources: z.strictObject({ nemo: Source, eva: Source, eva_main: Source, tau2: Source }),
  eva_airline: z.looseObject({
    /** SHA-256 of the upstream `instructions` string (UTF-8), as YAML 1.1 reads it. */
    instructions_sha256: Sha256,
    instructions_sha256_source: z.string(),
  }),
  tau2_airline: z.looseObject({
    tables: z.record(z.string(), z.int().min(0)),
    tables_source: z.string(),
    /** `get_dict_hash` of the assembled DB. */
    db_hash: Sha256,
    db_hash_source: z.string(),
  }),
});

export type Provenance = z.infer<typeof ProvenanceSchema>;

export function loadProvenance(file = PROVENANCE_FILE): Provenance {
  return validateFixture(file, readJsonFile(file), ProvenanceSchema);
}
