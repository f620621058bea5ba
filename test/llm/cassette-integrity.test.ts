import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { cassetteKey, cassettePath, openCassette } from "../../src/llm/cassette.js";
import type { FetchLike } from "../../src/llm/client.js";
import { createChatClient, requestBody } from "../../src/llm/client.js";
import { parseLlmConfig } from "../../src/llm/config.js";
import { LlmEndpointError } from "../../src/llm/errors.js";
import { bufferIo } from "../helpers/buffer-io.js";

const config = parseLlmConfig({ base_url: "http://llm.test/v1", model: "m", retries: 0 }, "test.yaml");
const request = { messages: [{ role: "user" as const, content: "Book it" }] };
const reply = (args: string): string =>
  JSON.stringify({ choices: [{ message: { content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "BookTool", arguments: args } }] } }], usage: { prompt_tokens: 5, completion_tokens: 2 } });

function countingFetch(text: string): { fetch: FetchLike; count: () => number } {
  let n = 0;
  return { count: () => n, fetch: () => (n++, Promise.resolve({ status: 200, text: () => Promise.resolve(text) })) };
}

/** A cassette folder holding one recorded exchange; returns the entry's path. */
async function recorded(): Promise<{ dir: string; path: string }> {
  const dir = mkdtempSync(join(tmpdir(), "evalsim-cassette-int-"));
  await createChatClient(config, { fetch: countingFetch(reply('{"flight": "HAT001"}')).fetch, cassette: openCassette(dir, "record") }).complete(request);
  return { dir, path: cassettePath(dir, cassetteKey(requestBody(config, request))) };
}

async function replayError(dir: string): Promise<LlmEndpointError> {
  const offline = countingFetch("{}");
  const e = await createChatClient(config, { fetch: offline.fetch, cassette: openCassette(dir, "replay") })
    .complete(request)
    .catch((x: unknown) => x);
  expect(offline.count()).toBe(0);
  if (e instanceof LlmEndpointError) return e;
  throw new Error(`expected an LlmEndpointError, got ${String(e)}`);
}

async function verify(dir: string): Promise<{ code: number; out: string }> {
  const io = bufferIo();
  const code = await main(["cassettes", "verify", dir], io);
  return { code, out: io.stdout() + io.stderr() };
}

describe("cassette integrity", () => {
  it("an entry carries the digest of its request and response; a sound folder verifies", async () => {
    const { dir, path } = await recorded();
    const entry = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
    expect(entry["digest"]).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(await verify(dir)).toEqual({ code: 0, out: `1 entry checked in ${dir}: all sound\n` });
  });

  it("an edited reply (a changed tool call) is an error naming the file in replay mode, and verify reports it", async () => {
    const { dir, path } = await recorded();
    writeFileSync(path, readFileSync(path, "utf8").replace("HAT001", "HAT999"));
    const e = await replayError(dir);
    expect(e.kind).toBe("cassette_corrupt");
    expect(e.message).toContain(`cassette entry ${path} its digest does not match its request and response (the entry was edited)`);
    const v = await verify(dir);
    expect(v.code).toBe(1);
    expect(v.out).toContain(`${path}: its digest does not match`);
    expect(v.out).toContain("1 problem");
  });

  it("a truncated entry is an error naming the file in replay mode", async () => {
    const { dir, path } = await recorded();
    const text = readFileSync(path, "utf8");
    writeFileSync(path, text.slice(0, Math.floor(text.length / 2)));
    const e = await replayError(dir);
    expect(e.kind).toBe("cassette_corrupt");
    expect(e.message).toContain(`cassette entry ${path} not valid JSON (truncated or damaged)`);
    expect((await verify(dir)).code).toBe(1);
  });

  it("an edited request no longer matches its key", async () => {
    const { dir, path } = await recorded();
    writeFileSync(path, readFileSync(path, "utf8").replace("Book it", "Cancel it"));
    expect((await replayError(dir)).message).toContain("its request was edited");
  });

  it("auto mode fetches a damaged entry again and rewrites it whole", async () => {
    const { dir, path } = await recorded();
    writeFileSync(path, readFileSync(path, "utf8").replace("HAT001", "HAT999"));
    const live = countingFetch(reply('{"flight": "HAT001"}'));
    const got = await createChatClient(config, { fetch: live.fetch, cassette: openCassette(dir, "auto") }).complete(request);
    expect(live.count()).toBe(1);
    expect(got.toolCalls[0]?.function.arguments).toBe('{"flight": "HAT001"}');
    expect(await verify(dir)).toEqual({ code: 0, out: `1 entry checked in ${dir}: all sound\n` });
  });

  it("verify names stray files, skips interrupted-write temp files, and refuses a missing folder (exit 2)", async () => {
    const { dir, path } = await recorded();
    const shard = join(dir, cassetteKey(requestBody(config, request)).slice(0, 2));
    writeFileSync(join(shard, `.${path.split("/").pop() ?? ""}.123-0.tmp`), "{");
    writeFileSync(join(shard, "notes.txt"), "hello");
    mkdirSync(join(dir, "zz"));
    const v = await verify(dir);
    expect(v.code).toBe(1);
    expect(v.out).toContain(`${join(shard, "notes.txt")}: not a cassette entry`);
    expect(v.out).toContain(`${join(dir, "zz")}: not a cassette entry folder`);
    expect(v.out).not.toContain(".tmp");
    const io = bufferIo();
    expect(await main(["cassettes", "verify", join(dir, "absent")], io)).toBe(2);
    expect(io.stderr()).toContain("cannot read the cassette folder (ENOENT)");
    expect(await main(["cassettes", "check", dir], bufferIo())).toBe(2);
  });
});
