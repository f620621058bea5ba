/**
 * A named pipe in place of any file evalsim reads is refused in one line
 * naming it, exit 2, at once: nothing opens it (opening a FIFO for reading
 * blocks until a writer comes, and a blocked synchronous read also ignores
 * SIGTERM). Each case runs the CLI as its own process with a deadline, so a
 * hang fails the test instead of stalling the suite.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { tempDir } from "../helpers/temp-data.js";

const CLI = fileURLToPath(new URL("../helpers/evalsim-cli.ts", import.meta.url));
const SCENARIO = "eva_airline__voluntary_date_change";
const dir = tempDir("evalsim-fifo-inputs-");
const fifo = (path: string): string => {
  mkdirSync(join(path, ".."), { recursive: true });
  execFileSync("mkfifo", [path]);
  return path;
};

function cli(args: readonly string[], cwd = process.cwd()): { status: number | null; stderr: string } {
  // tsx by its resolved URL: a case may run in a folder with no node_modules.
  const r = spawnSync(process.execPath, ["--import", import.meta.resolve("tsx"), CLI, ...args], { cwd, encoding: "utf8", timeout: 30_000, killSignal: "SIGKILL" });
  return { status: r.status, stderr: `${r.stderr}${r.stdout}` };
}

const pipeOf = (name: string): string => fifo(join(dir, name, "pipe.json"));

const CASES: [string, () => { args: string[]; pipe: string; cwd?: string }][] = [
  ["config check", () => { const pipe = pipeOf("config-check"); return { args: ["config", "check", pipe], pipe }; }],
  ["run --agent-config", () => { const pipe = pipeOf("agent-config"); return { args: ["run", "--scenarios", SCENARIO, "--agent", "llm", "--agent-config", pipe, "--out", join(dir, "o1")], pipe }; }],
  ["run --prompt-pack", () => { const pipe = pipeOf("prompt-pack"); return { args: ["run", "--scenarios", SCENARIO, "--prompt-pack", pipe, "--out", join(dir, "o2")], pipe }; }],
  ["replay --calls", () => { const pipe = pipeOf("replay-calls"); return { args: ["replay", "--scenario", SCENARIO, "--calls", pipe], pipe }; }],
  ["run --agent replay --calls FILE", () => { const pipe = pipeOf("calls-file"); return { args: ["run", "--scenarios", SCENARIO, "--agent", "replay", "--calls", pipe, "--out", join(dir, "o3")], pipe }; }],
  [
    "run --agent replay --calls FOLDER (a transcript)",
    () => {
      const pipe = fifo(join(dir, "calls-folder", SCENARIO, "transcript.jsonl"));
      return { args: ["run", "--scenarios", SCENARIO, "--agent", "replay", "--calls", join(dir, "calls-folder"), "--out", join(dir, "o4")], pipe };
    },
  ],
  [
    "evalsim.config.json",
    () => {
      const cwd = join(dir, "config-cwd");
      const pipe = fifo(join(cwd, "evalsim.config.json"));
      return { args: ["list"], pipe, cwd };
    },
  ],
  ["merge (run_config.json)", () => { const pipe = fifo(join(dir, "shard", "run_config.json")); return { args: ["merge", join(dir, "shard"), "--out", join(dir, "merged")], pipe }; }],
  [
    "cassettes verify (an entry)",
    () => {
      const key = "ab".padEnd(64, "0");
      const pipe = fifo(join(dir, "cassettes", "ab", `${key}.json`));
      return { args: ["cassettes", "verify", join(dir, "cassettes")], pipe };
    },
  ],
];

describe("a named pipe as an input", () => {
  it.each(CASES)("%s: refused in one line naming it, without waiting", (_name, make) => {
    const { args, pipe, cwd } = make();
    const r = cli(args, cwd);
    expect(r.status, `timed out or killed: ${r.stderr}`).not.toBeNull();
    expect(r.status).not.toBe(0);
    const lines = r.stderr.trim().split("\n");
    expect(lines.some((l) => l.includes(pipe) && /named pipe/.test(l)), r.stderr).toBe(true);
  });

  it("a file over its kind's cap is refused by size; --max-input-mb raises the cap", () => {
    const big = join(dir, "big.yaml");
    writeFileSync(big, `# ${"x".repeat(17 * 1024 * 1024)}\nbase_url: http://127.0.0.1:1/v1\nmodel: m\n`);
    const refused = cli(["config", "check", big]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(`${big}: the file is larger than the 16 MiB this kind of input may hold`);
    const raised = cli(["--max-input-mb", "32", "config", "check", big]);
    expect(raised.stderr).not.toContain("larger than");
    expect(raised.status).toBe(0);
  });
});
