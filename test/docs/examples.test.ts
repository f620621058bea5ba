/**
 * The docs' shell examples, run. Every shell block of the README and docs/ carries
 * a marker on the line before it:
 *   <!-- example: runs -->                every `evalsim` line is run and must exit 0
 *   <!-- example: runs, exit 0 1 -->      ... or with these codes, one per command
 *   <!-- example: not run (why) -->       counted, left alone
 * and `<!-- example: file NAME -->` before another block writes it as NAME for the
 * examples after it (a model's `base_url` pointing at the fake endpoint below).
 * The examples run in one temporary folder per page, in page order, through the
 * CLI's `main` in this process, on the fixture data.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import type { CliIo } from "../../src/cli/io.js";
import { resolveDataRoot } from "../../src/loaders/data-root.js";
import { completion, startMockServer, type MockServer } from "../llm/mock-openai.js";
import { blocksOf, isShell, markdownFiles, type Block } from "./markdown.js";

/** The endpoint the examples' configs name; replaced by the fake endpoint's. */
const EXAMPLE_URL = "http://127.0.0.1:8000/v1";

const pages = markdownFiles().filter((f) => !f.startsWith("bench"));
const blocks = pages.flatMap(blocksOf);
const shell = blocks.filter(isShell);
const runnable = shell.filter((b) => b.marker?.startsWith("runs"));
const notRun = shell.filter((b) => b.marker?.startsWith("not run ("));
const at = (b: Block): string => `${b.file}:${b.line}`;

/** The commands of a block: continuation lines joined, comments and blank lines dropped. */
export function commandsOf(body: string): string[] {
  return body
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((l) => l.replace(/(^|\s)#.*$/, "").trim())
    .filter((l) => l !== "");
}

/** Shell words of a command with '...' and "..." quoting (no expansion: the runnable examples use none). */
export function words(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) out.push(m[1] ?? m[2] ?? m[3] ?? "");
  return out;
}

/** The exit codes a marker expects for n commands. */
function expectedExits(marker: string, n: number): number[] {
  const listed = /exit ((?:\d+ ?)+)$/.exec(marker)?.[1]?.trim().split(" ").map(Number);
  return listed ?? Array<number>(n).fill(0);
}

describe("the docs' shell examples", () => {
  let server: MockServer;
  const cwd = process.cwd();
  const folders: string[] = [];
  const env = { ...process.env, EVAL_DATA_ROOT: resolveDataRoot({ mustContain: "tau2_retail" }), AGENT_API_KEY: "example-key" };

  beforeAll(async () => {
    // The model says goodbye and ends nothing: enough for a run to go through every step.
    server = await startMockServer(() => completion({ content: "Goodbye." }));
    process.stdout.write(`doc examples: ${runnable.length} run, ${notRun.length} marked not run\n`);
  });

  afterAll(async () => {
    process.chdir(cwd);
    await server?.stop();
    for (const d of folders) rmSync(d, { recursive: true, force: true });
  });

  it("every shell block is marked as run or not run (with a reason)", () => {
    expect(shell.filter((b) => !runnable.includes(b) && !notRun.includes(b)).map(at)).toEqual([]);
    expect(blocks.filter((b) => b.marker?.startsWith("file ") && isShell(b)).map(at)).toEqual([]);
    expect(runnable.length).toBeGreaterThan(0);
    expect(runnable.length + notRun.length).toBe(shell.length);
  });

  it("a runnable example runs only evalsim commands, with as many exit codes as commands", () => {
    for (const b of runnable) {
      const commands = commandsOf(b.body);
      expect(commands.filter((c) => !/^(npx )?evalsim( |$)/.test(c)), at(b)).toEqual([]);
      expect(expectedExits(b.marker ?? "", commands.length), at(b)).toHaveLength(commands.length);
    }
  });

  for (const page of pages.filter((p) => blocksOf(p).some((b) => b.marker?.startsWith("runs")))) {
    it(`${page}: every runnable example exits as its text says`, async () => {
      const dir = mkdtempSync(join(tmpdir(), "evalsim-doc-examples-"));
      folders.push(dir);
      process.chdir(dir);
      try {
        for (const b of blocksOf(page)) {
          if (b.marker?.startsWith("file ")) {
            writeFileSync(join(dir, b.marker.slice(5).trim()), b.body.replaceAll(EXAMPLE_URL, server.url));
            continue;
          }
          if (!isShell(b) || !b.marker?.startsWith("runs")) continue;
          const commands = commandsOf(b.body);
          const exits = expectedExits(b.marker, commands.length);
          for (const [i, command] of commands.entries()) {
            let output = "";
            const io: CliIo = { out: (t) => void (output += t), err: (t) => void (output += t), env, isTty: false, readStdin: () => "", now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5 + i)) };
            const code = await main(words(command).slice(command.startsWith("npx ") ? 2 : 1), io);
            expect(code, `${at(b)}: ${command}\n${output}`).toBe(exits[i]);
          }
        }
      } finally {
        process.chdir(cwd);
      }
    });
  }
});
