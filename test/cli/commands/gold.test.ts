import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveDataRoot } from "../../../src/loaders/data-root.js";
import { runCli } from "../../helpers/cli.js";

interface Row {
  name: string;
  match: boolean | null;
  db_hash: string | null;
  user_db_hash: string | null;
  assertions?: { passed: boolean }[];
}

const vectorsDir = join(resolveDataRoot(), "..", "reference", "vectors");
const sampleHashes = JSON.parse(readFileSync(join(vectorsDir, "tau2_gold_hashes_sample.json"), "utf8")) as Record<string, string>;

async function gold(args: string[]): Promise<{ code: number; rows: Row[] }> {
  const r = await runCli(["gold", ...args, "--json"]);
  return { code: r.code, rows: JSON.parse(r.stdout) as Row[] };
}

describe("evalsim gold", () => {
  it("eva_airline: all 50 gold trajectories land on the shipped expected DB", async () => {
    const { code, rows } = await gold(["--domain", "eva_airline"]);
    expect(rows).toHaveLength(50);
    expect(rows.filter((r) => r.match !== true).map((r) => r.name)).toEqual([]);
    expect(code).toBe(0);
  });

  it("tau2_retail: the sampled scenarios match the reference hashes, the others are null", async () => {
    const file = join(vectorsDir, "tau2_gold_hashes_sample.json");
    const { code, rows } = await gold(["--domain", "tau2_retail", "--verify-against", file]);
    expect(rows).toHaveLength(114);
    const sampled = rows.filter((r) => r.name in sampleHashes);
    expect(sampled.length).toBeGreaterThan(30);
    expect(sampled.every((r) => r.match === true)).toBe(true);
    expect(rows.filter((r) => !(r.name in sampleHashes)).every((r) => r.match === null)).toBe(true);
    expect(code).toBe(0);
  });

  it("says what it verified: a tau2 replay without --verify-against is counted as not verified, with where the file comes from", async () => {
    const plain = await runCli(["gold", "--domain", "tau2_retail"]);
    expect(plain.code).toBe(0);
    expect(plain.stdout.trimEnd().split("\n").at(-1)).toBe(
      "114 scenarios replayed: 0/0 end-DB hashes match; 114 not verified against a reference hash: pass --verify-against FILE (see docs/gold-hashes.md); 0 failed",
    );
    expect(readFileSync(join(import.meta.dirname, "..", "..", "..", "docs", "gold-hashes.md"), "utf8")).toContain("--verify-against");
    const partly = await runCli(["gold", "--domain", "tau2_retail", "--verify-against", join(vectorsDir, "tau2_gold_hashes_sample.json")]);
    const n = Object.keys(sampleHashes).filter((k) => k.startsWith("tau2_retail__")).length;
    expect(partly.stdout).toContain(`114 scenarios replayed: ${n}/${n} end-DB hashes match; ${114 - n} not verified against a reference hash`);
  });

  it("verifyGold works with its documented defaults", async () => {
    const { registry } = await import("../../../src/domains/index.js");
    const { loadCatalog } = await import("../../../src/engine/catalog.js");
    const { verifyGold } = await import("../../../src/index.js");
    const entry = loadCatalog(registry, {}, [registry.domain("eva_airline")!]).byName.get("eva_airline__1_1_3")!;
    const row = verifyGold(entry);
    expect(row.match).toBe(true);
    expect(verifyGold(entry, { seed: 0 })).toEqual(row);
  });

  it("a wrong expected hash is a mismatch and exit code 1", async () => {
    const file = join(tmpdir(), `evalsim-verify-${process.pid}.json`);
    writeFileSync(file, JSON.stringify({ tau2_retail__0: "0".repeat(64) }));
    const { code, rows } = await gold(["--scenarios", "tau2_retail__0", "--verify-against", file]);
    expect(rows[0]?.match).toBe(false);
    expect(code).toBe(1);
  });

  it("telecom: every task's assertions pass on the gold DBs and sampled hashes equal the reference's at its date", async () => {
    const telecom = JSON.parse(readFileSync(join(vectorsDir, "tau2_telecom_sample.json"), "utf8")) as {
      meta: { today: string };
      scenarios: Record<string, { gold?: { db_hash: string; user_db_hash: string } }>;
    };
    const { code, rows } = await gold(["--domain", "tau2_telecom", "--today", telecom.meta.today]);
    expect(rows).toHaveLength(114);
    expect(rows.filter((r) => !r.assertions?.every((a) => a.passed)).map((r) => r.name)).toEqual([]);
    let compared = 0;
    for (const r of rows) {
      const ref = telecom.scenarios[r.name]?.gold;
      if (!ref) continue;
      compared++;
      expect([r.name, r.db_hash, r.user_db_hash]).toEqual([r.name, ref.db_hash, ref.user_db_hash]);
    }
    expect(compared).toBeGreaterThan(10);
    expect(code).toBe(0);
  });

  it("is independent of the order scenarios run in", async () => {
    const names = ["tau2_retail__5", "tau2_retail__64", "tau2_retail__105", "eva_airline__1_1_3", "tau2_retail__2"];
    const a = (await gold(["--scenarios", ...names])).rows;
    const b = (await gold(["--scenarios", ...[...names].reverse()])).rows;
    const key = (rs: Row[]) => Object.fromEntries(rs.map((r) => [r.name, r.db_hash]));
    expect(key(b)).toEqual(key(a));
  });

  it("lists a built-in gold list's own refused call under its row, without failing it", async () => {
    const r = await runCli(["gold", "--scenarios", "tau2_retail__2"]);
    expect(r.stdout).toContain("\n         goldCalls[1] get_product_details (agent) refused: Product 6086499569 not found (a built-in gold list's own refused call: it does not fail the row)\n");
    expect(r.code).toBe(0);
  });

  it("an unknown scenario is a usage error", async () => {
    const r = await runCli(["gold", "--scenarios", "tau2_retail__9999"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown scenario");
  });
});
