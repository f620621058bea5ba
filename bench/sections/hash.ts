/**
 * Full canonical hash of the big tau2 DBs from scratch, next to bare SHA-256
 * over the same bytes and Python's json.dumps + SHA-256 on the same DB, all
 * in the same run.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { deepFreeze } from "../../src/json/freeze.js";
import { resolveDataRoot } from "../../src/loaders/data-root.js";
import { readDbArtifact } from "../../src/loaders/load-db.js";
import type { JsonObject, JsonValue } from "../../src/json/types.js";
import { canonicalJson, dbHash } from "../../src/hash/db/index.js";
import type { BenchContext } from "../lib/context.js";
import { timeTask, timing } from "../lib/measure.js";
import type { Row } from "../lib/report.js";

const PYTHON_SCRIPT = fileURLToPath(new URL("../python/hash_bench.py", import.meta.url));
const DOMAINS = ["tau2_airline", "tau2_retail"] as const;

interface PythonTiming {
  readonly best: number;
  readonly median: number;
}
interface PythonReport {
  readonly python: string;
  readonly dumps_sha256: PythonTiming;
  readonly get_dict_hash: PythonTiming;
  readonly canonical_bytes: number;
  readonly digest: string;
}

/** A deep, unfrozen copy: nothing in it was hashed before, so no cache applies. */
function freshCopy<T extends JsonValue>(v: T): T {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map((x) => freshCopy(x)) as T;
  const out: JsonObject = {};
  for (const k of Object.keys(v)) out[k] = freshCopy(v[k] as JsonValue);
  return out as T;
}

function runPython(dbPath: string, number: number, repeat: number): PythonReport {
  const res = spawnSync("python3", [PYTHON_SCRIPT, dbPath, String(number), String(repeat)], { encoding: "utf8", maxBuffer: 1 << 24 });
  if (res.error) throw res.error;
  if (res.status !== 0) throw new Error(`python3 hash_bench.py exited ${res.status}: ${res.stderr}`);
  return JSON.parse(res.stdout) as PythonReport;
}

async function hashRows(ctx: BenchContext, domain: string): Promise<Row[]> {
  const root = resolveDataRoot({ mustContain: domain });
  const artifact = readDbArtifact(join(root, domain, "db"));
  const db = artifact.db;
  const bytes = Buffer.from(canonicalJson(freshCopy(db)), "latin1");
  const section = "hash";
  const opts = { timeMs: ctx.quick ? 300 : 1500, iterations: ctx.quick ? 5 : 15 };

  // Unfrozen, so neither a cached digest nor a base applies.
  const copy = freshCopy(db);
  const full = await timeTask(`${domain} full`, () => dbHash(copy), opts);
  const sha = await timeTask(`${domain} sha`, () => createHash("sha256").update(bytes).digest("hex"), opts);
  let frozen = deepFreeze(freshCopy(db));
  const asBase = await timeTask(`${domain} base`, () => dbHash(frozen), { ...opts, beforeEach: () => void (frozen = deepFreeze(freshCopy(db))) });
  const py = runPython(artifact.path, ctx.quick ? 2 : 5, ctx.quick ? 3 : 7);

  const agrees = dbHash(freshCopy(db)) === py.digest;
  const ratio = (x: number, y: number): number => Number((x / y).toFixed(2));
  const mb = bytes.length / 2 ** 20;
  return [
    {
      section,
      name: `${domain}: evalsim dbHash, from scratch`,
      ...timing(full),
      targetMs: py.dumps_sha256.median,
      note: `${mb.toFixed(2)} MiB canonical; ${ratio(full.medianMs, py.dumps_sha256.median)}x python dumps+sha, ${ratio(full.medianMs, sha.medianMs)}x bare sha`,
      extra: { canonicalBytes: bytes.length, vsPythonDumpsSha256: ratio(full.medianMs, py.dumps_sha256.median), vsBareSha256: ratio(full.medianMs, sha.medianMs), digestAgreesWithPython: agrees },
    },
    { section, name: `${domain}: bare SHA-256 of the same bytes`, ...timing(sha), note: `${(mb / (sha.medianMs / 1000)).toFixed(0)} MiB/s` },
    { section, name: `${domain}: python json.dumps + sha256`, medianMs: py.dumps_sha256.median, minMs: py.dumps_sha256.best, note: `python ${py.python}, timeit` },
    { section, name: `${domain}: python normalize + dumps + sha256`, medianMs: py.get_dict_hash.median, minMs: py.get_dict_hash.best, note: "what get_dict_hash costs" },
    { section, name: `${domain}: evalsim first hash of a frozen DB`, ...timing(asBase), note: "also keeps it as a base for later hashes" },
  ];
}

export async function hashSection(ctx: BenchContext): Promise<Row[]> {
  const rows: Row[] = [];
  for (const domain of DOMAINS) rows.push(...(await hashRows(ctx, domain)));
  return rows;
}
