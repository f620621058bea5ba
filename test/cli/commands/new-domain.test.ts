/**
 * `evalsim new-domain` as a command: what it writes and what it refuses.
 * That the package it writes works (gold, run, fuzz from an installed
 * evalsim) is tested in test/examples/installed.test.ts.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../../helpers/cli.js";

const root = mkdtempSync(join(tmpdir(), "evalsim-new-domain-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function tree(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? tree(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]))
    .sort();
}

describe("evalsim new-domain", () => {
  it("writes a single-side package into --dir", async () => {
    const dir = join(root, "single");
    const res = await runCli(["new-domain", "library", "--dir", dir]);
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    expect(tree(dir)).toEqual(["README.md", "data/library/db.json", "data/library/expected/close_request.json", "data/library/scenarios.json", "index.js", "package.json", "rules.js", "scenarios.js", "tools.js"]);
    expect(JSON.parse(readFileSync(join(dir, "package.json"), "utf8"))).toMatchObject({ type: "module", private: true });
    const index = readFileSync(join(dir, "index.js"), "utf8");
    expect(index).toContain('name: "library"');
    expect(index).not.toContain("sync");
    expect(res.stdout).toContain(`next: evalsim --domains ${dir}/index.js gold --domain library\n`);
  });

  it("adds a user DB, an init function and a sync rule with --dual-side", async () => {
    const dir = join(root, "dual");
    expect((await runCli(["new-domain", "clinic", "--dual-side", "--dir", dir])).code).toBe(0);
    expect(tree(dir)).toContain("data/clinic/user_db.json");
    const rules = readFileSync(join(dir, "rules.js"), "utf8");
    expect(rules).toContain("link_request(db, args)");
    expect(rules).toContain("export const sync = {");
    const scenarios = JSON.parse(readFileSync(join(dir, "data/clinic/scenarios.json"), "utf8")) as { initialization_actions: unknown[] }[];
    expect(scenarios[0]?.initialization_actions).toEqual([{ side: "user", func_name: "link_request", arguments: { request_id: "Q1" } }]);
  });

  it("defaults the folder to ./NAME and accepts an empty existing folder", async () => {
    const dir = join(root, "empty");
    mkdirSync(dir);
    expect((await runCli(["new-domain", "desk", "--dir", dir])).code).toBe(0);
    expect(existsSync(join(dir, "index.js"))).toBe(true);
  });

  it("refuses to write into a non-empty folder, and leaves it as it was", async () => {
    const dir = join(root, "taken");
    mkdirSync(dir);
    writeFileSync(join(dir, "notes.txt"), "mine");
    const res = await runCli(["new-domain", "desk", "--dir", dir]);
    expect(res.code).toBe(2);
    expect(res.stderr).toBe(`evalsim new-domain: ${dir} exists and is not empty; choose another --dir\n`);
    expect(readdirSync(dir)).toEqual(["notes.txt"]);
    expect(readdirSync(root).filter((f) => f.startsWith("."))).toEqual([]);
  });

  it("refuses bad names with exit 2 and writes nothing", async () => {
    for (const [name, message] of [
      ["Bad-Name", "domain name 'Bad-Name' must be 1-40 characters of a-z, 0-9 and _, starting with a letter"],
      ["tau2_telecom", "domain name 'tau2_telecom' clashes with the registered domain 'tau2_telecom' (one would take the other's --domain prefix)"],
    ] as const) {
      const dir = join(root, `bad-${name}`);
      const res = await runCli(["new-domain", name, "--dir", dir]);
      expect(res.code).toBe(2);
      expect(res.stderr).toBe(`evalsim new-domain: ${message}\n`);
      expect(existsSync(dir)).toBe(false);
    }
    expect((await runCli(["new-domain"])).code).toBe(2);
    expect((await runCli(["new-domain", "a", "b"])).stderr).toContain("expected one NAME, got a b");
  });
});
