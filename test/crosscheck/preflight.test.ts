/**
 * What the crosscheck needs is checked first, one line each and exit 2:
 * python3, pydantic 2 for that python, a harness checkout.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { buildStandIn } from "./stand-in.js";

const scratch = mkdtempSync(join(tmpdir(), "evalsim-preflight-"));
const checkout = buildStandIn();
afterAll(() => [scratch, checkout].forEach((d) => rmSync(d, { recursive: true, force: true })));

async function refused(args: readonly string[]): Promise<string> {
  const r = await runCli(["crosscheck", ...args]);
  expect(r.code).toBe(2);
  expect(r.stdout).toBe("");
  const lines = r.stderr.trimEnd().split("\n");
  expect(lines).toHaveLength(1);
  return lines[0] as string;
}

describe("crosscheck preflight", () => {
  it("refuses a python that is not there", async () => {
    const line = await refused(["--reference", checkout, "--python", join(scratch, "no-such-python3")]);
    expect(line).toMatch(/no-such-python3 not found or not Python 3: install Python 3/);
  });

  it("refuses a python without pydantic", async () => {
    // The machine's python3 with its site-packages (where pydantic lives) turned off.
    const bare = join(scratch, "python3-bare");
    writeFileSync(bare, '#!/bin/sh\nexec python3 -S "$@"\n');
    chmodSync(bare, 0o755);
    const line = await refused(["--reference", checkout, "--python", bare]);
    expect(line).toMatch(/cannot import pydantic; the reference's tools need pydantic 2: '.*python3-bare -m pip install "pydantic>=2,<3"'/);
  });

  it("refuses a folder that is not a harness checkout", async () => {
    const line = await refused(["--reference", scratch]);
    expect(line).toMatch(/not a labs-Voice-Agent checkout \(no nemo_voice_agent\/evaluation\/__init__.py\)/);
    expect(await refused(["--reference", join(scratch, "missing")])).toMatch(/no such folder/);
  });

  it("refuses a missing --reference and an unknown or unavailable family", async () => {
    expect(await refused([])).toMatch(/--reference CHECKOUT is required/);
    expect(await refused(["--reference", checkout, "--only", "gold,colls"])).toMatch(/unknown family 'colls'/);
  });
});
