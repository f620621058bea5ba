import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

const COMMANDS = ["check", "run", "merge", "gold", "replay", "list", "list-domains", "hash", "diff", "validate-fixtures", "fixtures"];

describe("evalsim help and version", () => {
  it("lists every command in the overview, exit 0", async () => {
    const r = await runCli(["--help"]);
    expect(r.code).toBe(0);
    for (const c of COMMANDS) expect(r.stdout).toMatch(new RegExp(`^  ${c} `, "m"));
    expect((await runCli(["help"])).stdout).toBe(r.stdout);
    expect((await runCli(["-h"])).stdout).toBe(r.stdout);
  });

  it.each(COMMANDS)("%s --help and help %s print that command's usage, exit 0", async (c) => {
    const a = await runCli([c, "--help"]);
    expect(a.code).toBe(0);
    expect(a.stderr).toBe("");
    expect(a.stdout).toContain(`evalsim ${c}`);
    expect(a.stdout).toContain("--data-root DIR");
    const b = await runCli(["help", c]);
    expect(b.code).toBe(0);
    expect(b.stdout).toBe(a.stdout);
  });

  it("--version prints the package version", async () => {
    const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
    const r = await runCli(["--version"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`evalsim ${version}\n`);
  });
});

describe("command lookup", () => {
  it.each(["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"])("'%s' is an unknown command, exit 2", async (name) => {
    const r = await runCli([name]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`evalsim: unknown command '${name}' (evalsim --help lists the commands)\n`);
    const h = await runCli(["help", name]);
    expect(h.code).toBe(2);
  });

  it("suggests the closest command for a typo", async () => {
    const r = await runCli(["gld"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("evalsim: unknown command 'gld'; did you mean 'gold'? (evalsim --help lists the commands)\n");
    expect((await runCli(["lsit"])).stderr).toContain("did you mean 'list'?");
    expect((await runCli(["zzzzzz"])).stderr).not.toContain("did you mean");
  });

  it("suggests the closest option for a typo", async () => {
    const r = await runCli(["gold", "--domian", "eva_airline"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("evalsim gold: unknown option '--domian'; did you mean '--domain'? (--help lists the options)\n");
    expect((await runCli(["run", "--worker", "2"])).stderr).toContain("did you mean '--workers'?");
  });

  it("accepts the global options before or after the command", async () => {
    const root = new URL("../../../shared/fixtures", import.meta.url).pathname;
    const before = await runCli(["--data-root", root, "list", "--domain", "eva_airline"]);
    const after = await runCli(["list", "--domain", "eva_airline", "--data-root", root]);
    const joined = await runCli(["list", `--data-root=${root}`, "--domain", "eva_airline"]);
    expect(before.stderr).toBe("");
    expect(before.code).toBe(0);
    expect(before.stdout.split("\n")).toHaveLength(51);
    expect(after.stdout).toBe(before.stdout);
    expect(joined.stdout).toBe(before.stdout);
  });
});

describe("strict numbers and dates", () => {
  it.each([
    [["gold", "--today", "2025-02-30"], "evalsim gold: --today expects a real date as YYYY-MM-DD, got '2025-02-30'\n"],
    [["gold", "--today", "2025-13-01"], "evalsim gold: --today expects a real date as YYYY-MM-DD, got '2025-13-01'\n"],
    [["gold", "--today", "2025-2-3"], "evalsim gold: --today expects a real date as YYYY-MM-DD, got '2025-2-3'\n"],
    [["run", "--trials", "99999999999999999999"], "evalsim run: --trials expects an integer from 1 to 1000, got '99999999999999999999'\n"],
    [["run", "--trials", "1e3"], "evalsim run: --trials expects an integer from 1 to 1000, got '1e3'\n"],
    [["run", "--trials", "1001"], "evalsim run: --trials expects an integer from 1 to 1000, got '1001'\n"],
    [["run", "--workers", "-1"], "evalsim run: --workers expects an integer from 1 to 256, got '-1'\n"],
    [["run", "--workers", "0x10"], "evalsim run: --workers expects an integer from 1 to 256, got '0x10'\n"],
    [["run", "--workers"], "evalsim run: --workers needs a value\n"],
    [["gold", "--seed", "1.5"], "evalsim gold: --seed expects an integer >= 0, got '1.5'\n"],
  ])("%j is refused with one line, exit 2", async (argv, message) => {
    const r = await runCli(argv);
    expect(r.stderr).toBe(message);
    expect(r.code).toBe(2);
  });

  it("accepts a leap day", async () => {
    const r = await runCli(["gold", "--scenarios", "tau2_telecom__mobile_data_issue__airplane_mode_on__user_abroad_roaming_enabled_off", "--today", "2024-02-29", "--json"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
  });

  it("refuses --today for scenarios that fix their own date, in one line", async () => {
    const r = await runCli(["gold", "--scenarios", "eva_airline__voluntary_date_change", "--today", "2024-02-29", "--json"]);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^evalsim gold: --today 2024-02-29: scenario 'eva_airline__voluntary_date_change' fixes its own date \(\d{4}-\d\d-\d\d\); --today moves only scenarios dated by the clock .*\n$/);
    expect(r.code).toBe(2);
  });
});
