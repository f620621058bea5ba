/**
 * A run folder from someone else is untrusted input: a folder evalsim did not
 * make is never emptied on its say-so (a file named run_config.json, a link
 * named `check`), and no reader follows a symbolic link inside a run folder
 * to a file elsewhere (a report embedding `~/.aws/credentials`).
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registry } from "../../../src/domains/index.js";
import { AGENT_PROMPT_FILE, RUN_CONFIG_FILE } from "../../../src/run/layout.js";
import { runSuite } from "../../../src/run/suite.js";
import { nemoMetricsRun } from "../../import/nemo-metrics-run.js";
import { evalsim, PICK, removeScratch, runFolder, scratch, tree } from "../run-helpers.js";

const NAMES = PICK.slice(3, 5);
const SECRET = "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n";

const reuse = (reuseDir: string) =>
  runSuite({ registry, dataRoot: {}, settings: { scenarios: [...NAMES], seed: 1 }, reuseDir, workers: 1, now: () => new Date(Date.UTC(2030, 0, 1)) });

/** A folder of someone else's, with files worth keeping. */
function foreignFolder(label: string, runConfig: string): string {
  const dir = scratch(label);
  writeFileSync(join(dir, RUN_CONFIG_FILE), runConfig);
  mkdirSync(join(dir, "thesis"));
  writeFileSync(join(dir, "thesis", "chapter1.tex"), "years of work");
  return dir;
}

let run: string;
let secretFile: string;

beforeAll(async () => {
  const out = scratch("untrusted-run");
  const r = await evalsim(["run", "--scenarios", ...NAMES, "--seed", "1", "--workers", "1", "--out", out]);
  expect(r.code, r.err).toBe(0);
  run = runFolder(out);
  secretFile = join(scratch("home"), "credentials");
  writeFileSync(secretFile, SECRET);
});

afterAll(removeScratch);

/** A copy of the run whose first scenario's agent prompt is a link to the secret file. */
function linkedRun(label: string): { dir: string; link: string } {
  const dir = join(scratch(label), "run");
  cpSync(run, dir, { recursive: true });
  const link = join(dir, NAMES[0] as string, AGENT_PROMPT_FILE);
  rmSync(link);
  symlinkSync(secretFile, link);
  return { dir, link };
}

describe("a reused run folder (check --out DIR) is emptied only when evalsim provably made it", () => {
  it("refuses a folder whose run_config.json is not evalsim's, and changes nothing", async () => {
    for (const content of ["not evalsim", "{}", '{"evalsim_version": 3}']) {
      const dir = foreignFolder("foreign-config", content);
      const before = tree(dir);
      await expect(reuse(dir)).rejects.toThrow(`${dir}: exists and is not an evalsim run folder (run_config.json is not one evalsim wrote); nothing was changed`);
      expect(tree(dir)).toEqual(before);
    }
  });

  it("check --out DIR: refused in one line, exit 2, before any work", async () => {
    const out = scratch("check-out");
    const target = foreignFolder("check-target", "not evalsim");
    symlinkSync(target, join(out, "check"));
    const before = tree(target);
    const r = await evalsim(["check", "--out", out]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`evalsim check: ${join(out, "check")}: is a symbolic link, not a run folder; nothing was changed: move it away or choose another --out\n`);
    expect(r.out).toBe("");
    expect(tree(target)).toEqual(before);
    rmSync(join(out, "check"));
    cpSync(target, join(out, "check"), { recursive: true });
    const plain = await evalsim(["check", "--out", out]);
    expect(plain.code).toBe(2);
    expect(plain.err).toBe(`evalsim check: ${join(out, "check")}: exists and is not an evalsim run folder (run_config.json is not one evalsim wrote); nothing was changed: move it away or choose another --out\n`);
    expect(tree(join(out, "check"))).toEqual(before);
  });

  it("refuses a link named like the folder, and leaves the folder it points at alone", async () => {
    // The target is an evalsim run folder, even: through a link it is still not emptied.
    for (const target of [foreignFolder("link-target", "not evalsim"), join(scratch("link-run"), "run")]) {
      if (!existsSync(target)) cpSync(run, target, { recursive: true });
      const out = scratch("link-out");
      symlinkSync(target, join(out, "check"));
      const before = tree(target);
      await expect(reuse(join(out, "check"))).rejects.toThrow(`${join(out, "check")}: is a symbolic link, not a run folder; nothing was changed`);
      expect(tree(target)).toEqual(before);
    }
  });

  it("refuses an evalsim run folder that holds a link or a file no run writes", async () => {
    const { dir } = linkedRun("reuse-linked");
    await expect(reuse(dir)).rejects.toThrow(`${dir}: holds a symbolic link (${join(NAMES[0] as string, AGENT_PROMPT_FILE)}), which no run writes; nothing was changed`);
    expect(readFileSync(secretFile, "utf8")).toBe(SECRET);
    const extra = join(scratch("reuse-extra"), "run");
    cpSync(run, extra, { recursive: true });
    writeFileSync(join(extra, "notes.txt"), "mine");
    const before = tree(extra);
    await expect(reuse(extra)).rejects.toThrow(`${extra}: holds notes.txt, which no run writes; nothing was changed`);
    expect(tree(extra)).toEqual(before);
    // An evalsim run_config.json copied into someone's folder does not make the folder a run.
    const copied = foreignFolder("copied-config", readFileSync(join(run, RUN_CONFIG_FILE), "utf8"));
    const mine = tree(copied);
    await expect(reuse(copied)).rejects.toThrow(`${copied}: holds thesis/, which is not a scenario folder (no metrics.json, no trial folders); nothing was changed`);
    expect(tree(copied)).toEqual(mine);
  });

  it("still replaces its own run folder, report.html included", async () => {
    const dir = join(scratch("reuse-own"), "run");
    cpSync(run, dir, { recursive: true });
    writeFileSync(join(dir, "report.html"), "<html>");
    const r = await reuse(dir);
    expect(r.runDir).toBe(dir);
    expect(readdirSync(dir)).not.toContain("report.html");
  });
});

describe("every reader of a run folder refuses a symbolic link inside it", () => {
  const refusal = (link: string, dir: string): string => `${link}: is a symbolic link inside ${dir}; a run folder is read only when it holds plain files and folders (nothing was read)\n`;

  it("report: exit 2 naming the link, no report written, the linked file's content nowhere", async () => {
    const { dir, link } = linkedRun("report-link");
    const r = await evalsim(["report", dir]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`evalsim report: ${refusal(link, dir)}`);
    expect(existsSync(join(dir, "report.html"))).toBe(false);
    expect(r.out + r.err).not.toContain("wJalrXUtnFEMI");
  });

  it("compare (either side) and merge", async () => {
    const { dir, link } = linkedRun("compare-link");
    for (const args of [
      ["compare", run, dir],
      ["compare", dir, run],
    ]) {
      const r = await evalsim(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err).toBe(`evalsim compare: ${refusal(link, dir)}`);
    }
    const out = join(scratch("merge-out"), "merged");
    const m = await evalsim(["merge", dir, "--out", out]);
    expect(m.code).toBe(2);
    expect(m.err).toBe(`evalsim merge: ${refusal(link, dir)}`);
    expect(existsSync(out)).toBe(false);
  });

  it("merge --out through a link is refused, the folder it points at untouched", async () => {
    const target = foreignFolder("merge-target", "not evalsim");
    writeFileSync(join(target, ".evalsim-merge.json"), JSON.stringify({ inputs: [run] }));
    const out = join(scratch("merge-link"), "merged");
    symlinkSync(target, out);
    const before = tree(target);
    const m = await evalsim(["merge", run, "--out", out]);
    expect(m.code).toBe(2);
    expect(m.err).toBe(`evalsim merge: --out ${out}: is a symbolic link; merge into a real folder (nothing was changed)\n`);
    expect(tree(target)).toEqual(before);
  });

  it("run --resume, run --agent replay --calls RUN and replay --calls RUN", async () => {
    const { dir, link } = linkedRun("resume-link");
    rmSync(join(dir, NAMES[1] as string), { recursive: true });
    const before = tree(join(dir, ".."));
    const r = await evalsim(["run", "--resume", dir]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`evalsim run: ${refusal(link, dir)}`);
    expect(tree(join(dir, ".."))).toEqual(before);
    const replay = await evalsim(["run", "--agent", "replay", "--calls", dir, "--scenarios", ...NAMES, "--out", scratch("replay-link")]);
    expect(replay.code).toBe(2);
    expect(replay.err).toBe(`evalsim run: ${refusal(link, dir)}`);
    const one = await evalsim(["replay", "--scenario", NAMES[0] as string, "--calls", dir]);
    expect(one.code).toBe(2);
    expect(one.err).toBe(`evalsim replay: --calls ${dir}: ${refusal(link, dir)}`);
  });

  it("import nemo of a run folder with a link in it", async () => {
    const nemo = nemoMetricsRun("nemo-link", { [NAMES[0] as string]: true });
    const link = join(nemo, NAMES[0] as string, "bot_logs_agent");
    symlinkSync(join(secretFile, ".."), link);
    const out = scratch("nemo-out");
    const r = await evalsim(["import", "nemo", nemo, "--out", out]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`evalsim import: ${refusal(link, nemo)}`);
    expect(readdirSync(out)).toEqual([]);
  });
});
