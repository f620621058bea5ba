/**
 * `npm start` on a fresh clone: no --data-root, no EVAL_DATA_ROOT, no
 * data/fixtures and no ../shared/fixtures. The bundled CLI is built into a
 * scratch project holding only what the repository ships (package.json,
 * data/), and the pinned fixtures are served by a loopback mirror
 * (EVAL_FIXTURES_URL). Offline, check ends with one line saying where to put
 * the data; online it fetches, verifies and runs.
 */
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleCli } from "../../scripts/bundle.js";
import { PROJECT_ROOT } from "../../src/loaders/data-root.js";
import { readManifest, verifyDataRoot } from "../../src/loaders/manifest.js";
import { FIXTURES } from "../helpers/temp-data.js";

const scratch = mkdtempSync(join(tmpdir(), "evalsim-fresh-"));
const project = join(scratch, "project");
const runner = join(project, "evalsim.mjs");
let server: Server;
let mirror = "";
let closedPort = "";

function evalsim(args: readonly string[], url: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: Record<string, string | undefined> = { ...process.env, EVAL_FIXTURES_URL: url };
  delete env["EVAL_DATA_ROOT"];
  const child = spawn(process.execPath, [runner, ...args], { cwd: scratch, env });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

/** A developer's own data/fixtures is not part of a clone. */
const shipped = join(PROJECT_ROOT, "data", "fixtures");

beforeAll(async () => {
  cpSync(join(PROJECT_ROOT, "package.json"), join(project, "package.json"));
  cpSync(join(PROJECT_ROOT, "data"), join(project, "data"), { recursive: true, filter: (src) => src !== shipped && !src.startsWith(shipped + sep) });
  await bundleCli("src", join(project, "dist", "bundle"));
  writeFileSync(runner, `import { main } from ${JSON.stringify(pathToFileURL(join(project, "dist", "bundle", "evalsim.js")).href)};\nprocess.exitCode = await main(process.argv.slice(2));\n`);
  server = createServer((req, res) => {
    const rel = decodeURIComponent((req.url ?? "/").replace(/^\/mirror\//, ""));
    readFile(join(FIXTURES, rel)).then(
      (body) => res.writeHead(200, { "content-length": body.length }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  mirror = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mirror`;
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  closedPort = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/mirror`;
  await new Promise((resolve) => closed.close(resolve));
}, 60_000);

afterAll(() => {
  server.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe("check on a fresh clone", () => {
  const fixtures = join(project, "data", "fixtures");

  it("offline: says what it tried and ends with one line saying where to put the data, exit 2", async () => {
    const r = await evalsim(["check"], closedPort);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines[0]).toBe(`evalsim: no fixture data found (looked in ${fixtures} and ${join(scratch, "shared", "fixtures")})`);
    expect(lines[1]).toMatch(/^evalsim: fetching the pinned fixtures: 157 files, [\d.]+ MB, into /);
    expect(lines.at(-1)).toMatch(
      new RegExp(`^evalsim check: 157 of 157 files could not be downloaded \\(first: ${closedPort}/\\S+: .*\\); put the fixture data in ${fixtures} \\(or point --data-root / EVAL_DATA_ROOT at it\\): see "Getting the fixture data" in the README$`),
    );
    expect(lines).toHaveLength(3);
    // Nothing came, so nothing was created: an empty domain folder would pass for data at the next start.
    expect(existsSync(fixtures)).toBe(false);
  }, 60_000);

  it("online: fetches the pinned fixtures into data/fixtures, verified, then runs the default job", async () => {
    const r = await evalsim(["--workers", "2", "--out", join(scratch, "out")], mirror);
    expect(r.stderr).toContain("evalsim: 157 files fetched and verified into");
    expect(r.stdout).toContain("all scenarios pass");
    expect(r.code).toBe(0);
    // The simulation went to the one reusable folder, and the last line says so.
    expect(readdirSync(join(scratch, "out"))).toEqual(["check"]);
    expect(r.stdout.trimEnd().split("\n").slice(-2)).toEqual([`outputs are in ${join(scratch, "out", "check")}`, `see them in a browser: evalsim report ${join(scratch, "out", "check")}`]);
    const manifest = readManifest();
    // The set-up fetches what scenarios need; the optional recordings stay absent.
    const optional = manifest.files.filter((f) => f.optional === true).map((f) => f.path);
    expect(verifyDataRoot(fixtures, manifest)).toEqual({ checked: manifest.files.length - optional.length, problems: [], unlisted: [], absent_optional: optional });
    // Now there is data: a second start fetches nothing.
    const again = await evalsim(["list-domains"], closedPort);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe("");
    expect(existsSync(join(fixtures, "tau2_retail", "db.json"))).toBe(true);
  }, 120_000);
});
