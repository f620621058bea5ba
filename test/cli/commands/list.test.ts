import { describe, expect, it } from "vitest";
import { runCli } from "../../helpers/cli.js";

describe("evalsim list", () => {
  it("names the scenarios of a domain, one a line, in the tasks file's order", async () => {
    const r = await runCli(["list", "--domain", "tau2_airline"]);
    expect(r.code).toBe(0);
    const names = r.stdout.trimEnd().split("\n");
    expect(names).toHaveLength(50);
    expect(names.slice(0, 3)).toEqual(["tau2_airline__0", "tau2_airline__1", "tau2_airline__2"]);
  });

  it("lists every scenario with its domain and bucket under --json", async () => {
    const r = await runCli(["list", "--json"]);
    const rows = JSON.parse(r.stdout) as { name: string; domain: string; bucket: string }[];
    expect(rows).toHaveLength(442);
    expect(rows.filter((s) => s.bucket === "tau2_telecom_workflow").every((s) => s.domain === "tau2_telecom")).toBe(true);
  });

  it("refuses an unknown domain", async () => {
    const r = await runCli(["list", "--domain", "nope"]);
    expect(r.code).toBe(2);
  });
});
