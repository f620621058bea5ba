/**
 * The delivery family against a stand-in reference tree: a tool whose
 * framework entry point delivers twice for one tool_call_id is flagged by
 * that family, naming the tool; the same tree delivering once is not.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { buildStandIn, DELIVERS_TWICE } from "./stand-in.js";

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function crosscheck(call?: string): Promise<{ code: number; stdout: string; report: Record<string, unknown> }> {
  const root = buildStandIn(call === undefined ? {} : { call });
  made.push(root);
  const json = join(root, "report.json");
  const r = await runCli(["crosscheck", "--reference", root, "--only", "delivery", "--domain", "eva_airline", "--calls", "120", "--json", json]);
  expect(r.stderr).not.toMatch(/error/i);
  return { code: r.code, stdout: r.stdout, report: JSON.parse(readFileSync(json, "utf8")) as Record<string, unknown> };
}

describe("crosscheck delivery family", () => {
  it("flags a tool that delivers a second result for the same call", async () => {
    const { code, stdout, report } = await crosscheck(DELIVERS_TWICE);
    expect(code).toBe(1);
    const findings = report["findings"] as { family: string; key: string; count: number; example: { reference: { deliveries: number; tool_call_ids: string[] } } }[];
    expect(findings.map((f) => [f.family, f.key])).toEqual([["delivery", "eva_airline GetReservationTool: delivered 2 results"]]);
    const f = findings[0] as (typeof findings)[number];
    expect(f.count).toBeGreaterThan(0);
    // Both results under the call's own id: the second is the spurious one pipecat 1.x rejects.
    const ids = f.example.reference.tool_call_ids;
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
    expect(stdout).toContain("[delivery]");
  }, 60_000);

  it("passes the same tree when the tool delivers once", async () => {
    const { code, report } = await crosscheck();
    expect(report["findings"]).toEqual([]);
    expect(code).toBe(0);
    // The tool was really called: the run is not empty.
    const tally = (report["calls"] as Record<string, { delivered: number }>)["eva_airline"];
    expect(tally?.delivered).toBeGreaterThan(100);
  }, 60_000);
});
