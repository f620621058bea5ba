/**
 * A file named on the command line that is missing, a folder, a named pipe,
 * under a file or unreadable: one line naming the path and what is wrong,
 * exit 2, no raw read-error text (and no hang on the pipe).
 */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { tempDir } from "../helpers/temp-data.js";

const dir = tempDir("evalsim-read-errors-");
const good = join(dir, "db.json");
writeFileSync(good, '{"a": 1}');
const folder = join(dir, "a-folder");
mkdirSync(folder);
const fifo = join(dir, "a-pipe");
execFileSync("mkfifo", [fifo]);
const underFile = join(good, "inner.json");
const missing = join(dir, "missing.json");

const CASES: [string, string, string][] = [
  ["missing", missing, "no such file or folder; check the path (ENOENT)"],
  ["a folder", folder, "is a folder, not a file; give the path of a file"],
  ["a named pipe", fifo, "is not a regular file (a named pipe, socket or device); give the path of a file"],
  ["under a file", underFile, "a part of the path is a file, not a folder; check the path (ENOTDIR)"],
];

/** Each command with the bad path in each position it reads a file from, and the prefix its message gives the path. */
const COMMANDS: [string, (bad: string) => string[], string][] = [
  ["hash", (bad) => ["hash", good, bad], ""],
  ["diff", (bad) => ["diff", good, bad], ""],
  ["diff", (bad) => ["diff", bad, good], ""],
  ["gold", (bad) => ["gold", "--domain", "tau2_retail", "--verify-against", bad], "--verify-against "],
];

describe("unreadable input files", () => {
  for (const [what, path, problem] of CASES) {
    it.each(COMMANDS)(`${what}: %s says so in one line, exit 2`, async (command, argv, label) => {
      const r = await runCli(argv(path));
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`evalsim ${command}: ${label}${path}: ${problem}\n`);
    });
  }

  const root = process.getuid?.() === 0;
  if (root) console.warn("read-errors: the permission-denied case is skipped: root reads any file");
  it.skipIf(root)("permission denied: hash, diff and gold name the file, exit 2", async () => {
    const locked = join(dir, "locked.json");
    writeFileSync(locked, "{}");
    chmodSync(locked, 0o000);
    for (const [command, argv, label] of COMMANDS) {
      const r = await runCli(argv(locked));
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`evalsim ${command}: ${label}${locked}: permission denied; check the permissions, or use another location (EACCES)\n`);
    }
  });
});
