/**
 * Every digest evalsim computes, all SHA-256 (sha256.ts is the only caller
 * of node:crypto's hash), each over its own canonical text:
 *
 * - the DB hash (db/): NeMo's `get_dict_hash`, Python's
 *   `json.dumps(..., sort_keys=True, separators=(",", ":"))` of the
 *   normalized DB, equal to the reference's byte for byte;
 * - the cassette key (cassette-key.ts): RFC 8785 (JCS) text of a request
 *   body, naming its cassette entry, and the entry digest guarding it;
 * - the provenance digest (provenance-digest.ts): `toJsonText` of an input,
 *   and `<path> <sha256>` lines of a fixture file set, for `run_config.json`.
 *
 * Plain file checksums (the fixture manifest, a download) use `sha256Hex`.
 */
export { dbHash, summaryHash } from "./db/index.js";
export { cassetteEntryDigest, cassetteKey } from "./cassette-key.js";
export { fileSetDigest, jsonDigest } from "./provenance-digest.js";
export { sha256, sha256Hex, type Sha256 } from "./sha256.js";
