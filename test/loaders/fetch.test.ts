/**
 * `evalsim fixtures fetch` against a loopback HTTP server that serves the
 * shared fixtures, with one file corrupted and one connection dropped
 * mid-body: those two are reported and not written (no partial or temp
 * file), every other file lands verified, and a second run fetches only
 * what is missing.
 */
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { createServer as createTcpServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { fetchFixtures } from "../../src/loaders/fetch.js";
import type { Manifest } from "../../src/loaders/manifest.js";
import { readManifest, verifyDataRoot } from "../../src/loaders/manifest.js";
import { bufferIo } from "../helpers/buffer-io.js";
import { FIXTURES, tempDir } from "../helpers/temp-data.js";

const CORRUPT = "tau2_telecom/db.json";
const DROPPED = "eva_airline/eva_airline_dataset.jsonl";

interface Loopback {
  readonly url: string;
  readonly server: Server;
  /** When false, every file is served intact. */
  faults: boolean;
  readonly requests: string[];
}

async function startServer(): Promise<Loopback> {
  const state = { faults: true, requests: [] as string[] };
  const server = createServer((req, res) => {
    const rel = decodeURIComponent((req.url ?? "/").replace(/^\/fixtures\//, ""));
    state.requests.push(rel);
    readFile(join(FIXTURES, rel)).then(
      (body) => {
        if (state.faults && rel === CORRUPT) {
          body = Buffer.from(body);
          body[10] = (body[10] ?? 0) ^ 0x20; // same length, different bytes
        }
        res.writeHead(200, { "content-length": body.length, "content-type": "application/octet-stream" });
        if (state.faults && rel === DROPPED) {
          res.write(body.subarray(0, body.length >> 1), () => res.socket?.destroy());
          return;
        }
        res.end(body);
      },
      () => {
        res.writeHead(404).end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, { url: `http://127.0.0.1:${port}/fixtures`, server });
}

function writeManifest(manifest: Manifest): string {
  const file = join(tempDir("evalsim-manifest-"), "manifest.json");
  writeFileSync(file, JSON.stringify(manifest));
  return file;
}

function allFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name).slice(dir.length + 1))
    .sort();
}

describe("fixtures fetch", () => {
  let loopback: Loopback;
  const full = readManifest();
  // The shared fixtures lack the optional entries (eva's recorded conversation) unless the data root adds them.
  const manifest = { ...full, files: full.files.filter((f) => f.optional !== true) };
  const optional = full.files.filter((f) => f.optional === true);
  const optionalServed = optional.every((f) => existsSync(join(FIXTURES, f.path)));
  beforeAll(async () => {
    loopback = await startServer();
  });
  afterAll(async () => {
    await new Promise((resolve) => loopback.server.close(resolve));
  });

  it("writes every verified file, and nothing for a corrupted or cut-off download", async () => {
    loopback.faults = true;
    const to = tempDir("evalsim-fetch-");
    const result = await fetchFixtures({ manifest, to, baseUrl: loopback.url });
    expect(result.failed.map((f) => f.path)).toEqual([DROPPED, CORRUPT]);
    // Node's fetch reports the cut connection as "terminated" (UND_ERR_SOCKET).
    expect(result.failed.find((f) => f.path === DROPPED)?.reason).toMatch(/terminated|socket/i);
    const corrupt = result.failed.find((f) => f.path === CORRUPT);
    expect(corrupt?.reason).toMatch(/^SHA-256 [0-9a-f]{64}, expected /);
    expect(corrupt?.url).toBe(`${loopback.url}/tau2_telecom/db.json`);
    expect(result.fetched).toHaveLength(manifest.files.length - 2);
    expect(result.kept).toEqual([]);
    // Nothing else on disk: no partial file, no temp file.
    expect(allFiles(to)).toEqual(manifest.files.map((f) => f.path).filter((p) => p !== CORRUPT && p !== DROPPED).sort());
    const check = verifyDataRoot(to, manifest);
    expect(check.problems.map((p) => `${p.problem} ${p.path}`)).toEqual([`missing ${DROPPED}`, `missing ${CORRUPT}`]);

    // A second run downloads only the two that failed.
    loopback.faults = false;
    loopback.requests.length = 0;
    const again = await fetchFixtures({ manifest, to, baseUrl: `${loopback.url}/` });
    expect(again).toEqual({ fetched: [DROPPED, CORRUPT], kept: expect.any(Array) as unknown, failed: [], failed_optional: [] });
    expect(again.kept).toHaveLength(manifest.files.length - 2);
    expect(loopback.requests.sort()).toEqual([DROPPED, CORRUPT]);
    expect(verifyDataRoot(to, manifest)).toEqual({ checked: manifest.files.length, problems: [], unlisted: [], absent_optional: [] });
  });

  it("exits 1 from the CLI and names the files that failed", async () => {
    loopback.faults = true;
    const to = tempDir("evalsim-fetch-cli-");
    const io = bufferIo();
    const code = await main(["fixtures", "fetch", "--to", to, "--base-url", loopback.url, "--manifest", writeManifest(manifest)], io);
    expect(code).toBe(1);
    const lines = io.stdout().trimEnd().split("\n");
    expect(lines.filter((l) => l.startsWith("failed "))).toEqual([
      expect.stringMatching(new RegExp(`^failed ${DROPPED} \\(${loopback.url}/${DROPPED}\\): `)),
      expect.stringMatching(new RegExp(`^failed ${CORRUPT} \\(${loopback.url}/${CORRUPT}\\): SHA-256 `)),
    ]);
    expect(lines[lines.length - 1]).toBe(`${manifest.files.length - 2} fetched, 0 already present, 2 failed -> ${to}`);
  });

  it("fetches into the --data-root given when there is no --to", async () => {
    loopback.faults = false;
    const root = tempDir("evalsim-fetch-root-");
    const io = bufferIo();
    expect(await main(["--data-root", root, "fixtures", "fetch", "--base-url", loopback.url], io)).toBe(0);
    const summary = optionalServed ? `${full.files.length} fetched, 0 already present, 0 failed` : `${manifest.files.length} fetched, 0 already present, 0 failed (${optional.length} optional files not fetched)`;
    expect(io.stdout().split("\n").slice(-2)).toEqual([`${summary} -> ${root}`, ""]);
    expect(verifyDataRoot(root, full).problems).toEqual([]);
  });

  it("an optional file that cannot be had is listed, and is no failure", async () => {
    loopback.faults = false;
    const to = tempDir("evalsim-fetch-optional-");
    const absent = { path: "upstream/eva-0.1.3/records/0.0.0/audit_log.json", size: 2, sha256: "0".repeat(64), source: "https://example.org/x", optional: true as const };
    const io = bufferIo();
    expect(await main(["fixtures", "fetch", "--to", to, "--base-url", loopback.url, "--manifest", writeManifest({ files: [manifest.files[0]!, absent] })], io)).toBe(0);
    expect(io.stdout()).toBe(
      `optional ${absent.path} not fetched (${loopback.url}/${absent.path}): HTTP 404 Not Found\n1 fetched, 0 already present, 0 failed (1 optional files not fetched) -> ${to}\n`,
    );
    expect(verifyDataRoot(to, { files: [manifest.files[0]!, absent] })).toMatchObject({ problems: [], absent_optional: [absent.path] });
  });

  it("says in one line when nothing is reachable", async () => {
    const root = tempDir("evalsim-fetch-offline-");
    const io = bufferIo();
    const unreachable = "http://127.0.0.1:9/fixtures";
    expect(await main(["fixtures", "fetch", "--to", root, "--base-url", unreachable], io)).toBe(1);
    const lines = io.stdout().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^nothing reachable: ${manifest.files.length} of ${manifest.files.length} files could not be downloaded \\(first: ${unreachable}/\\S+: .+\\); put the fixture data in ${root} yourself \\(see "Getting the fixture data" in the README\\)$`));
  });

  it("gives up within seconds on a server that accepts and never answers, trying one file only", async () => {
    const sockets: Socket[] = [];
    const silent = createTcpServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/fixtures`;
    const root = tempDir("evalsim-fetch-silent-");
    const io = bufferIo();
    const started = performance.now();
    try {
      expect(await main(["fixtures", "fetch", "--to", root, "--base-url", url], io)).toBe(1);
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
    }
    expect(performance.now() - started).toBeLessThan(8_000);
    expect(sockets).toHaveLength(1);
    const lines = io.stdout().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^nothing reachable: ${manifest.files.length} of ${manifest.files.length} files could not be downloaded \\(first: ${url}/\\S+: no answer within 5 s\\); put the fixture data in ${root} yourself`));
    expect(allFiles(root)).toEqual([]);
  }, 20_000);

  it("exits 2 on bad usage", async () => {
    const io = bufferIo();
    expect(await main(["fixtures", "fetch", "--to", "x", "--base-url", "ftp://h"], io)).toBe(2);
    expect(await main(["fixtures", "unpack"], io)).toBe(2);
  });
});
