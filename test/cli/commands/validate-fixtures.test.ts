/** `evalsim validate-fixtures`: options, exit codes and the JSON report, on the shared fixtures. */
import { describe, expect, it } from "vitest";
import { main } from "../../../src/cli/main.js";
import { bufferIo } from "../../helpers/buffer-io.js";
import { FIXTURES } from "../../helpers/temp-data.js";

describe("evalsim validate-fixtures", () => {
  it("exits 0 on the shared fixtures of one domain and reports the known findings as JSON", async () => {
    const io = bufferIo();
    const code = await main(["validate-fixtures", "--domain", "tau2_retail", "--json", "--data-root", FIXTURES], io);
    expect(code).toBe(0);
    const out = JSON.parse(io.stdout()) as { counts: unknown; checks: unknown; findings: { known: string }[] };
    expect(out.counts).toEqual({ error: 0, warning: 0, known: 18 });
    expect(out.checks).toEqual(["schemas", "env-sides", "references", "inaction"]);
  });

  it("--audit runs the do-nothing agent too: tau2_telecom's 40 no-service scenarios pass on inaction", async () => {
    const io = bufferIo();
    const code = await main(["validate-fixtures", "--domain", "tau2_telecom", "--audit", "--json", "--data-root", FIXTURES], io);
    expect(io.stderr()).toBe("");
    expect(code).toBe(0);
    const out = JSON.parse(io.stdout()) as { checks: string[]; findings: { check: string; known?: string; scenario: string; message: string }[] };
    expect(out.checks.slice(-2)).toEqual(["inaction", "inaction-run"]);
    const run = out.findings.filter((f) => f.check === "inaction-run");
    expect(run).toHaveLength(40);
    expect(new Set(run.map((f) => f.known))).toEqual(new Set(["tau2_telecom:passes-on-inaction"]));
    expect(run.filter((f) => f.scenario.startsWith("tau2_telecom_workflow__"))).toHaveLength(20);
    expect(run[0]?.message).toBe("an agent that greets and ends the call passes: db_state_assertion, clean_exit (see evalsim audit)");
  });

  it("exits 2 on an unknown domain", async () => {
    const io = bufferIo();
    expect(await main(["validate-fixtures", "--domain", "tau2_mock", "--data-root", FIXTURES], io)).toBe(2);
    expect(io.stderr()).toContain("--domain expects one of eva_airline, tau2_airline, tau2_retail, tau2_telecom, got 'tau2_mock'");
  });

  it("exits 2 on an unknown option", async () => {
    expect(await main(["validate-fixtures", "--strict"], bufferIo())).toBe(2);
  });
});
