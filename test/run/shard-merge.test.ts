import { spawn } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evalsim, PICK, removeScratch, runFolder, scratch, tree, treeDifferences } from "./run-helpers.js";

const ARGS = ["run", "--scenarios", ...PICK, "--seed", "5", "--workers", "1"];
const CLI = fileURLToPath(new URL("../helpers/evalsim-cli.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const names = (dir: string): string[] => (JSON.parse(readFileSync(join(dir, "all_metrics.json"), "utf8")) as { scenario_name: string }[]).map((m) => m.scenario_name);

describe("--shard i/n and evalsim merge", () => {
  let full: string;
  const shards: string[] = [];
  beforeAll(async () => {
    const out = scratch("shard-full");
    expect((await evalsim([...ARGS, "--out", out])).code).toBe(0);
    full = runFolder(out);
    for (const s of ["1/3", "2/3", "3/3"]) {
      const o = scratch("shard");
      const r = await evalsim([...ARGS, "--shard", s, "--out", o]);
      expect(r.code, r.err).toBe(0);
      shards.push(runFolder(o));
    }
  });

  it("each shard holds every third scenario and complete run-level files for them", () => {
    shards.forEach((dir, i) => {
      const mine = PICK.filter((_, k) => k % 3 === i);
      expect(names(dir)).toEqual(mine);
      const summary = JSON.parse(readFileSync(join(dir, "summary.json"), "utf8")) as { totals: { scenarios: number } };
      expect(summary.totals.scenarios).toBe(mine.length);
      expect(readFileSync(join(dir, "all_summary.txt"), "utf8")).toContain(`Scenarios: ${mine.length} (passed ${mine.length}`);
      expect(JSON.parse(readFileSync(join(dir, "run_config.json"), "utf8"))).toMatchObject({ shard: `${i + 1}/3`, seed: 5 });
    });
  });

  it("merging the three shards gives the full run's tree byte for byte", async () => {
    const out = join(scratch("merged"), "run");
    const r = await evalsim(["merge", ...shards, "--out", out]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toBe("");
    expect(treeDifferences(full, out)).toEqual([]);
    expect(r.out.trimEnd().split("\n").slice(-2)).toEqual([`outputs are in ${out}`, `see them in a browser: evalsim report ${out}`]);
  });

  it("a missing shard fails the merge (exit 1, nothing written) unless --allow-partial", async () => {
    const out = join(scratch("merged-partial"), "run");
    const missing = PICK.filter((_, k) => k % 3 === 1);
    const r = await evalsim(["merge", shards[0] as string, shards[0] as string, shards[2] as string, "--out", out]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("shard 2/3 is in none of the inputs");
    expect(r.err).toContain(`${missing.length} of ${PICK.length} scenario(s) are in none of the inputs: ${missing.join(", ")}`);
    expect(existsSync(out)).toBe(false);
    const partial = await evalsim(["merge", shards[0] as string, shards[2] as string, "--out", out, "--allow-partial"]);
    expect(partial.code, partial.err).toBe(0);
    expect(names(out)).toEqual(PICK.filter((_, k) => k % 3 !== 1));
  });

  it("a scenario folder with an unreadable file is named and fails the merge", async () => {
    const copy = join(scratch("corrupt"), "run");
    cpSync(shards[1] as string, copy, { recursive: true });
    const victim = PICK[1] as string;
    writeFileSync(join(copy, victim, "metrics.json"), "{ not json");
    const out = join(scratch("merged-corrupt"), "run");
    const r = await evalsim(["merge", shards[0] as string, copy, shards[2] as string, "--out", out]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`not complete: ${join(copy, victim)}: metrics.json is missing or unreadable`);
    expect(existsSync(out)).toBe(false);
  });

  it("a shard whose run_config.json is corrupt is named and nothing is written (exit 2)", async () => {
    const copy = join(scratch("corrupt-config"), "run");
    cpSync(shards[2] as string, copy, { recursive: true });
    writeFileSync(join(copy, "run_config.json"), '{"seed": 5,');
    const out = join(scratch("merged-corrupt-config"), "run");
    const r = await evalsim(["merge", shards[0] as string, shards[1] as string, copy, "--out", out]);
    expect(r.code).toBe(2);
    expect(r.err.split("\n")[0]).toMatch(new RegExp(`^evalsim merge: ${join(copy, "run_config.json")}: `));
    expect(existsSync(out)).toBe(false);
  });

  it("a merge that was interrupted can be run again into its own output", async () => {
    const out = join(scratch("merged-rerun"), "run");
    // What a killed merge leaves: its marker, one scenario copied, one half-copied.
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, ".evalsim-merge.json"), JSON.stringify({ inputs: shards }));
    cpSync(join(shards[0] as string, PICK[0] as string), join(out, PICK[0] as string), { recursive: true });
    mkdirSync(join(out, `${PICK[3] as string}.partial`));
    const r = await evalsim(["merge", ...shards, "--out", out]);
    expect(r.code, r.err).toBe(0);
    expect(treeDifferences(full, out)).toEqual([]);
    // Another merge's leftovers are not taken for its own.
    const other = join(scratch("merged-other"), "run");
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, ".evalsim-merge.json"), JSON.stringify({ inputs: [shards[0]] }));
    expect((await evalsim(["merge", ...shards, "--out", other])).code).toBe(2);
  });

  it("a merge killed with SIGKILL midway is run again into its own output and ends as an uninterrupted merge", async () => {
    // Inputs with a large extra file in every scenario folder, so copying takes long enough to be killed midway.
    const inputs = shards.map((s, i) => {
      const copy = join(scratch(`padded-${i}`), "run");
      cpSync(s, copy, { recursive: true });
      for (const e of readdirSync(copy, { withFileTypes: true })) {
        if (e.isDirectory()) writeFileSync(join(copy, e.name, "padding.bin"), Buffer.alloc(8 << 20, i + 1));
      }
      return copy;
    });
    const reference = join(scratch("merged-padded"), "run");
    expect((await evalsim(["merge", ...inputs, "--out", reference])).code).toBe(0);
    const out = join(scratch("merged-killed"), "run");
    const copied = (): number => (existsSync(out) ? readdirSync(out).filter((n) => PICK.includes(n)).length : 0);
    const killed = await new Promise<{ copied: number; finished: boolean }>((resolve, reject) => {
      const child = spawn(process.execPath, ["--import", "tsx", CLI, "merge", ...inputs, "--out", out], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });
      let stderr = "";
      child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      let seen: { copied: number; finished: boolean } | undefined;
      const poll = setInterval(() => {
        if (copied() === 0) return;
        clearInterval(poll);
        child.kill("SIGKILL");
        seen = { copied: copied(), finished: existsSync(join(out, "all_metrics.json")) };
      }, 1);
      child.on("exit", (code, signal) => {
        clearInterval(poll);
        if (signal === "SIGKILL" && seen) resolve(seen);
        else reject(new Error(`the merge ended on its own (code ${code}, signal ${signal}) before it could be killed: ${stderr}`));
      });
    });
    expect(killed.finished).toBe(false);
    expect(killed.copied).toBeLessThan(PICK.length);
    expect(existsSync(join(out, ".evalsim-merge.json"))).toBe(true);
    const r = await evalsim(["merge", ...inputs, "--out", out]);
    expect(r.code, r.err).toBe(0);
    expect(treeDifferences(reference, out)).toEqual([]);
  }, 60_000);

  it("checks every entry of the shards' cassette folders before merging them", async () => {
    const a = scratch("cas-a");
    const b = scratch("cas-b");
    const entry = (dir: string, key: string, text: string): void => {
      mkdirSync(join(dir, key.slice(0, 2)), { recursive: true });
      writeFileSync(join(dir, key.slice(0, 2), `${key}.json`), text);
    };
    const k1 = "a".repeat(64);
    const k2 = "b".repeat(64);
    entry(a, k1, "{}");
    entry(b, k2, "{}");
    const out = join(scratch("cas-out"), "c");
    const r = await evalsim(["merge", "--cassettes", a, "--cassettes", b, "--cassettes-out", out]);
    // Hand-made entries lack the digests a recorded entry carries: the merge checks every entry.
    expect(r.code).toBe(2);
    expect(r.err).toContain(join(a, "aa", `${k1}.json`));
  });

  it("refuses a scenario present twice with different content", async () => {
    const copy = join(scratch("conflict"), "run");
    cpSync(shards[0] as string, copy, { recursive: true });
    appendFileSync(join(copy, PICK[0] as string, "transcript.jsonl"), "\n");
    const out = join(scratch("merged-conflict"), "run");
    const r = await evalsim(["merge", shards[0] as string, copy, "--out", out]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`scenario folders differ between inputs:\n  ${PICK[0]} (`);
  });

  it("refuses runs made with different options", async () => {
    const copy = join(scratch("other-seed"), "run");
    cpSync(shards[1] as string, copy, { recursive: true });
    const cfg = JSON.parse(readFileSync(join(copy, "run_config.json"), "utf8")) as Record<string, unknown>;
    writeFileSync(join(copy, "run_config.json"), JSON.stringify({ ...cfg, seed: 6 }, null, 2) + "\n");
    const r = await evalsim(["merge", shards[0] as string, copy, "--out", join(scratch("merged-seed"), "run")]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`seed: 5 in ${shards[0]}, 6 in ${copy}`);
  });

  it("refuses an --out folder that is not empty", async () => {
    const r = await evalsim(["merge", ...shards, "--out", shards[0] as string]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("is one of the inputs");
    expect(tree(shards[0] as string).has("run_config.json")).toBe(true);
  });
});

afterAll(removeScratch);
