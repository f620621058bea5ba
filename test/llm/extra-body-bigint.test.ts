/**
 * A big integer in `extra_body` (a server's own field: a seed, an id) is sent
 * with all its digits, as every JSON input of evalsim keeps them; it used to
 * be rounded (`1.2345678901234568e+29`). It is recorded and keyed in a
 * cassette like any other value, and a typed setting beyond 2^53 is refused
 * rather than rounded.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createChatClient } from "../../src/llm/client.js";
import { openCassette } from "../../src/llm/cassette.js";
import { loadLlmConfig } from "../../src/llm/config.js";
import { main } from "../../src/cli/main.js";
import type { CliIo } from "../../src/cli/io.js";
import { tempDir } from "../helpers/temp-data.js";
import type { MockServer } from "./mock-openai.js";
import { completion, startMockServer } from "./mock-openai.js";

const dir = tempDir("evalsim-extra-body-bigint-");
const BIG = "123456789012345678901234567890";
const U64 = "18446744073709551615";

function configFile(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

let server: MockServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe("extra_body with big integers", () => {
  it("is sent with every digit, and recorded and found again in a cassette", async () => {
    server = await startMockServer(() => completion({ content: "hello" }));
    const config = loadLlmConfig(configFile("agent.yaml", `base_url: ${server.url}\nmodel: m\nextra_body:\n  request_seed: ${BIG}\n  ids: [${U64}, 7]\n`));
    const cassette = openCassette(join(dir, "cassettes"), "record");
    const client = createChatClient(config, { cassette });
    const request = { messages: [{ role: "user" as const, content: "hi" }] };
    expect((await client.complete(request)).content).toBe("hello");
    expect(server.texts[0]).toContain(`"request_seed":${BIG},"ids":[${U64},7]`);
    // Replayed from the cassette: the endpoint is not asked again.
    const replay = createChatClient(config, { cassette: openCassette(join(dir, "cassettes"), "replay") });
    expect((await replay.complete(request)).content).toBe("hello");
    expect(server.requests).toHaveLength(1);
  });

  it("config check shows the digits; a typed setting beyond 2^53 is refused in one line, not rounded", async () => {
    let text = "";
    const io: CliIo = { out: (t) => void (text += t), err: (t) => void (text += t), env: {}, isTty: false, readStdin: () => "", now: () => new Date(0) };
    expect(await main(["config", "check", configFile("show.yaml", `base_url: http://127.0.0.1:9/v1\nmodel: m\nextra_body:\n  request_seed: ${BIG}\n`)], io)).toBe(0);
    expect(text).toContain(`"request_seed": ${BIG}`);
    text = "";
    const seeded = configFile("seed.yaml", `base_url: http://127.0.0.1:9/v1\nmodel: m\nseed: ${BIG}\n`);
    expect(await main(["config", "check", seeded], io)).toBe(2);
    expect(text.trimEnd().split("\n")).toHaveLength(1);
    expect(text).toContain(`${seeded}: seed:`);
  });
});
