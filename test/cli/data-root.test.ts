/**
 * An explicit data root (--data-root or EVAL_DATA_ROOT) is used alone: when it
 * lacks a domain the command needs, that is an error naming the folder, not a
 * silent fall back to another root.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { copyFixtures, FIXTURES, tempDir } from "../helpers/temp-data.js";

const onlyEva = copyFixtures(["eva_airline"]);
const envWithout = (extra: Record<string, string>): Record<string, string | undefined> => ({ ...process.env, EVAL_DATA_ROOT: undefined, ...extra });

describe("an explicit data root", () => {
  it("--data-root that does not exist: one line, exit 2", async () => {
    const missing = join(tempDir(), "nowhere");
    const r = await runCli(["list", "--data-root", missing], { env: envWithout({}) });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(`evalsim list: --data-root ${missing} is not a folder; evalsim fixtures fetch --to ${missing} downloads the pinned fixtures\n`);
  });

  it("--data-root without the selected domain names the missing folder", async () => {
    const r = await runCli(["gold", "--domain", "tau2_retail", "--data-root", onlyEva], { env: envWithout({}) });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`evalsim gold: --data-root ${onlyEva} has no 'tau2_retail' folder (the tau2_retail fixtures); evalsim fixtures fetch --to ${onlyEva} downloads the pinned fixtures\n`);
  });

  it("EVAL_DATA_ROOT without the domain is the same error, naming the variable", async () => {
    const r = await runCli(["list", "--domain", "tau2_airline"], { env: envWithout({ EVAL_DATA_ROOT: onlyEva }) });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`evalsim list: EVAL_DATA_ROOT ${onlyEva} has no 'tau2_airline' folder (the tau2_airline fixtures); evalsim fixtures fetch --to ${onlyEva} downloads the pinned fixtures\n`);
  });

  it("--data-root wins over EVAL_DATA_ROOT, and a root holding the domain works", async () => {
    const r = await runCli(["list", "--domain", "eva_airline", "--data-root", onlyEva], { env: envWithout({ EVAL_DATA_ROOT: join(tempDir(), "nowhere") }) });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split("\n")).toHaveLength(50);
    const bad = await runCli(["list", "--domain", "eva_airline", "--data-root", join(tempDir(), "nowhere")], { env: envWithout({ EVAL_DATA_ROOT: FIXTURES }) });
    expect(bad.code).toBe(2);
  });
});
