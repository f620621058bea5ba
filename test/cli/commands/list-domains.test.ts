import { describe, expect, it } from "vitest";
import { runCli } from "../../helpers/cli.js";

describe("evalsim list-domains", () => {
  it("counts the scenarios of each bucket of the real fixtures (442 in all)", async () => {
    const r = await runCli(["list-domains", "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      { bucket: "eva_airline", domain: "eva_airline", scenarios: 50 },
      { bucket: "tau2_airline", domain: "tau2_airline", scenarios: 50 },
      { bucket: "tau2_retail", domain: "tau2_retail", scenarios: 114 },
      { bucket: "tau2_telecom", domain: "tau2_telecom", scenarios: 114 },
      { bucket: "tau2_telecom_workflow", domain: "tau2_telecom", scenarios: 114 },
    ]);
  });

  it("prints a column per field without --json", async () => {
    const r = await runCli(["list-domains"]);
    expect(r.stdout.split("\n")[0]).toBe("eva_airline                50  (domain eva_airline)");
  });

  it("takes no arguments", async () => {
    const r = await runCli(["list-domains", "extra"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unexpected argument 'extra'");
  });
});
