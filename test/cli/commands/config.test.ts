import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "../../../src/cli/main.js";
import type { CliIo } from "../../../src/cli/io.js";
import type { MockServer } from "../../llm/mock-openai.js";
import { completion, startMockServer } from "../../llm/mock-openai.js";

const dir = mkdtempSync(join(tmpdir(), "evalsim-config-check-"));
let n = 0;
function file(text: string): string {
  const path = join(dir, `c${++n}.yaml`);
  writeFileSync(path, text);
  return path;
}

function io(env: Record<string, string> = {}): CliIo & { text: () => string } {
  let text = "";
  return { out: (t) => void (text += t), err: (t) => void (text += t), env, isTty: false, readStdin: () => "", now: () => new Date(0), text: () => text };
}

let server: MockServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe("evalsim config check", () => {
  it("validates a config and prints what a run will use, defaults filled in, never the key", async () => {
    const path = file("base_url: http://127.0.0.1:9/v1\nmodel: my-model\ntemperature: 0\napi_key_env: CHECK_KEY\n");
    const out = io({ CHECK_KEY: "sk-never-printed-12345" });
    expect(await main(["config", "check", path], out)).toBe(0);
    expect(out.text()).toContain(`${path}: valid\n`);
    expect(out.text()).toContain('"model": "my-model"');
    expect(out.text()).toContain('"max_connections": 16');
    expect(out.text()).toContain('"temperature": 0');
    expect(out.text()).not.toContain("sk-never-printed");
    expect(out.text()).not.toContain("warning");
    const unset = io();
    expect(await main(["config", "check", path], unset)).toBe(0);
    expect(unset.text()).toContain("warning: api_key_env names CHECK_KEY, which is not set");
  });

  it("a bad file is exit 2 naming the file and field", async () => {
    const path = file("base_url: http://u:p@127.0.0.1:9/v1\nmodel: m\n");
    const out = io();
    expect(await main(["config", "check", path], out)).toBe(2);
    expect(out.text()).toContain(`${path}: base_url: must not hold a user name or password`);
    expect(await main(["config", "check"], io())).toBe(2);
    expect(await main(["config", "lint", path], io())).toBe(2);
  });

  it("--ping reports latency and that tool calling works", async () => {
    server = await startMockServer((body) => completion({ calls: [{ name: body.tools?.[0]?.function.name ?? "?", arguments: '{"status": "ok"}' }], usage: { prompt_tokens: 40, completion_tokens: 6 } }));
    const out = io();
    expect(await main(["config", "check", file(`base_url: ${server.url}\nmodel: m\n`), "--ping"], out)).toBe(0);
    expect(out.text()).toMatch(new RegExp(`ping: ${server.url.replace(/[.]/g, "\\.")} answered in \\d+ ms \\(40 prompt \\+ 6 completion tokens\\)`));
    expect(out.text()).toContain("tool calling: works");
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.tools).toHaveLength(1);
  });

  it("--ping says so, exit 1, when the model answers in text or the endpoint fails", async () => {
    server = await startMockServer((_b, i) => (i === 0 ? completion({ content: "I am fine, thanks." }) : { kind: "text", status: 404, text: "model 'm' not found" }));
    const path = file(`base_url: ${server.url}\nmodel: m\n`);
    const text = io();
    expect(await main(["config", "check", path, "--ping"], text)).toBe(1);
    expect(text.text()).toContain('tool calling: NOT working: the model answered in text: "I am fine, thanks."');
    const down = io();
    expect(await main(["config", "check", path, "--ping"], down)).toBe(1);
    expect(down.text()).toContain("ping: failed: LLM endpoint error (http)");
    expect(down.text()).toContain("HTTP 404: model 'm' not found");
  });
});
