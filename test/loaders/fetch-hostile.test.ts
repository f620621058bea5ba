/**
 * `fixtures fetch` against mirrors that misbehave: an endless body is cut
 * off at the manifest's size (memory stays flat, nothing is written), a
 * mirror that never answers and one that trickles its body forever are both
 * given up on at the per-file timeout, and a good file beside them lands.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchFixtures } from "../../src/loaders/fetch.js";
import type { Manifest } from "../../src/loaders/manifest.js";
import { tempDir } from "../helpers/temp-data.js";

const GOOD = Buffer.from('{"ok": true}\n');
const sha = (b: Buffer): string => createHash("sha256").update(b).digest("hex");
let server: Server;
let base = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    const name = (req.url ?? "").split("/").pop();
    if (name === "good.json") return void res.writeHead(200, { "content-length": GOOD.length }).end(GOOD);
    if (name === "silent.json") return; // never answers
    if (name === "endless.json") {
      res.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const pump = (): void => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once("drain", pump);
      };
      pump();
      return;
    }
    if (name === "trickle.json") {
      res.writeHead(200);
      const t = setInterval(() => (res.destroyed ? clearInterval(t) : res.write("a")), 20);
      res.on("close", () => clearInterval(t));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const entry = (path: string, size: number, digest: string): Manifest["files"][number] => ({ path, size, sha256: digest, source: `https://mirror.invalid/${path}` });

describe("fixtures fetch against hostile mirrors", () => {
  it("cuts an endless body at the manifest size, gives up on silent and trickling mirrors at the timeout, and keeps nothing partial", async () => {
    const to = tempDir("evalsim-fetch-hostile-");
    const manifest: Manifest = {
      files: [entry("d/good.json", GOOD.length, sha(GOOD)), entry("d/endless.json", 1_000_000, "0".repeat(64)), entry("d/silent.json", 10, "0".repeat(64)), entry("d/trickle.json", 1_000_000, "0".repeat(64))],
    };
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const result = await fetchFixtures({ manifest, to, baseUrl: base, timeoutMs: 1500, concurrency: 4 });
    const took = performance.now() - started;
    expect(result.fetched).toEqual(["d/good.json"]);
    const reasons = Object.fromEntries(result.failed.map((f) => [f.path, f.reason]));
    expect(reasons["d/endless.json"]).toBe("received more than 1000000 bytes, the manifest's size; stopped reading");
    expect(reasons["d/silent.json"]).toBe("no complete file within 1.5 s");
    expect(reasons["d/trickle.json"]).toBe("no complete file within 1.5 s");
    expect(took).toBeLessThan(10_000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
    expect(readFileSync(join(to, "d/good.json"))).toEqual(GOOD);
    expect(readdirSync(join(to, "d"))).toEqual(["good.json"]);
    expect(existsSync(join(to, "d/endless.json"))).toBe(false);
  });
});
