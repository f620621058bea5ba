/**
 * `evalsim fuzz`: clean on the built-in domains; on a broken domain it prints
 * the seed, the command that replays the failure and the shrunk sequence,
 * exits 1, and prints the same again from the same seed.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fuzzCommand } from "../../../src/cli/commands/fuzz.js";
import type { CliIo } from "../../../src/cli/io.js";
import { createRegistry } from "../../../src/engine/registry.js";
import { runCli } from "../../helpers/cli.js";
import { tinyDomain } from "../../helpers/tiny-domain.js";
import { discardItem } from "../../fuzz/broken-tools.js";

// The test domain keeps its own data; the data root only has to name it.
const root = mkdtempSync(join(tmpdir(), "evalsim-fuzz-"));
mkdirSync(join(root, "stockroom"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function capture(argv: readonly string[], domains = [tinyDomain("stockroom", [discardItem])]): { code: number; out: string } {
  let out = "";
  const io: CliIo = { out: (t) => void (out += t), err: (t) => void (out += t), env: {}, isTty: false, readStdin: () => "", now: () => new Date(0) };
  const code = fuzzCommand(argv, { io, registry: createRegistry(domains), dataRoot: root, debug: false });
  return { code, out };
}


describe("evalsim fuzz", () => {
  it("is clean on every built-in domain with a small number of calls", async () => {
    const res = await runCli(["fuzz", "--calls", "30", "--seed", "4"]);
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    for (const d of ["eva_airline", "tau2_airline", "tau2_retail", "tau2_telecom"]) expect(res.stdout).toMatch(new RegExp(`^${d}: \\d+ calls, 0 violations`, "m"));
    expect(res.stdout).toMatch(/^fuzz: \d+ calls, 0 violations\n$/m);
  });

  it("takes a bucket name for --domain, as the other commands do", async () => {
    const res = await runCli(["fuzz", "--domain", "tau2_telecom_workflow", "--calls", "10"]);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^tau2_telecom: \d+ calls, 0 violations/m);
    expect(res.stdout).not.toMatch(/^tau2_retail/m);
  });

  it("prints the seed and the shrunk sequence of a broken tool, exits 1, and repeats itself from that seed", () => {
    const first = capture(["--calls", "300", "--seed", "21"]);
    expect(first.code).toBe(1);
    const m = /^stockroom: FAILED \(seed (-?\d+), path ([\d:]+)\)\n {2}replay: evalsim fuzz --domain stockroom --max-calls 12 --seed \1 --path \2\n/m.exec(first.out);
    if (!m) throw new Error(`no failure header in:\n${first.out}`);
    expect(first.out).toContain(
      '  [no exception escapes dispatch] step 0: discard_item: tool discard_item (agent) raised an unexpected RangeError: cannot discard from a shelf of 7\n  calls:\n    0. agent "discard_item" {"item_id":"I3"} -> escaped\n',
    );
    expect(first.out).toMatch(/^stockroom: \d+ calls, [1-9]\d* violations/m);

    expect(capture(["--calls", "300", "--seed", "21"]).out).toBe(first.out);
    const replay = capture(["--domain", "stockroom", "--seed", m[1] as string, "--path", m[2] as string]);
    expect(replay.code).toBe(1);
    expect(replay.out).toContain('    0. agent "discard_item" {"item_id":"I3"} -> escaped\n');
  });

  it("rejects bad options with exit 2", async () => {
    expect((await runCli(["fuzz", "--calls", "0"])).code).toBe(2);
    expect((await runCli(["fuzz", "--path", "1:2"])).stderr).toContain("--path replays one failure: give it with --domain and --seed");
    const unknown = await runCli(["fuzz", "--domain", "nowhere"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("no scenarios match --domain nowhere");
  });
});
