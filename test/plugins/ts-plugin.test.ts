/**
 * A `.ts` plugin file: loaded through tsx when tsx can be resolved (here it
 * is one of evalsim's dev dependencies); without tsx the installed package
 * says so in one line (test/package/api.test.ts).
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadDomainModule } from "../../src/plugins/load.js";
import { runCli } from "../helpers/cli.js";

const DESK = fileURLToPath(new URL("./sample/desk.ts", import.meta.url));

describe("a TypeScript plugin with tsx available", () => {
  it("loads its domain", async () => {
    const domains = await loadDomainModule(DESK, process.cwd());
    expect(domains.map((d) => d.name)).toEqual(["desk"]);
  });

  it("works through list, gold and run", async () => {
    const list = await runCli(["list", "--domain", "desk", "--domains", DESK]);
    expect(list.stderr).toBe("");
    expect(list.stdout).toBe("desk__one\n");
    const gold = await runCli(["gold", "--domain", "desk", "--domains", DESK, "--json"]);
    expect(gold.code).toBe(0);
    expect((JSON.parse(gold.stdout) as { name: string; actions: number }[]).map((r) => [r.name, r.actions])).toEqual([["desk__one", 1]]);
  });
});
