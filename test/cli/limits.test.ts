/**
 * Inputs that used to crash or hang the CLI: JSON nested 100,000 deep (a
 * stack overflow in hash, diff and replay) and a named pipe in place of a
 * fixture (gold blocked on it forever). Each is now one line, exit 2.
 */
import { execFileSync } from "node:child_process";
import { cpSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { FIXTURES, tempDir } from "../helpers/temp-data.js";

const deep = (n: number): string => "[".repeat(n) + "]".repeat(n);
const dir = tempDir("evalsim-limits-");
const write = (name: string, text: string): string => {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
};

describe("JSON nested 100,000 deep", () => {
  const file = write("deep.json", `{"a": ${deep(100_000)}}`);

  it("hash refuses it with the path", async () => {
    const r = await runCli(["hash", file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`evalsim hash: ${file}: invalid JSON: nesting deeper than 512 levels at a[0][0][0][0][0]…[0][0][0][0]\n`);
  });

  it("diff refuses it", async () => {
    const r = await runCli(["diff", file, write("small.json", "{}")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`evalsim diff: ${file}: nesting deeper than 512 levels at a[0][0][0][0][0]…[0][0][0][0]\n`);
  });

  it("replay refuses deep arguments in a calls file, in both the list and the chat format", async () => {
    const list = write("calls.json", `[{"name": "get_user_details", "arguments": {"user_id": ${deep(2000)}}}]`);
    const r = await runCli(["replay", "--scenario", "tau2_retail__0", "--calls", list]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`evalsim replay: --calls ${list}: nesting deeper than 512 levels at [0].arguments.user_id[0][0][0]…[0][0][0][0]\n`);
    const args = JSON.stringify({ user_id: JSON.parse(deep(2000)) as unknown });
    const chat = write("chat.json", JSON.stringify([{ role: "assistant", tool_calls: [{ id: "c1", type: "function", function: { name: "get_user_details", arguments: args } }] }]));
    const c = await runCli(["replay", "--scenario", "tau2_retail__0", "--calls", chat]);
    expect(c.code).toBe(2);
    expect(c.stderr).toMatch(/^evalsim replay: --calls .*chat\.json: messages\[0\]\.tool_calls\[0\]\.function\.arguments: not valid JSON \(nesting deeper than 512 levels at user_id\[0\]/);
  });
});

describe("a fixture that is not a regular file", () => {
  it("a named pipe in place of a DB is refused without being opened (no hang), exit 2", async () => {
    const root = tempDir("evalsim-fifo-");
    cpSync(join(FIXTURES, "tau2_retail"), join(root, "tau2_retail"), { recursive: true, dereference: true });
    rmSync(join(root, "tau2_retail", "db.json"));
    execFileSync("mkfifo", [join(root, "tau2_retail", "db.json")]);
    const r = await runCli(["gold", "--domain", "tau2_retail", "--data-root", root]);
    expect(r.stderr).toBe(`evalsim gold: ${join(root, "tau2_retail", "db.json")}: not a regular file (a named pipe); a fixture must be a plain file\n`);
    expect(r.code).toBe(2);
  }, 20_000);
});
