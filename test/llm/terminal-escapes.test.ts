/**
 * An endpoint whose error body holds terminal control sequences (clear the
 * screen, set the window title, an OSC 8 link, BEL, a forged "all tests
 * passed" line): the console, metrics.json's message and the Markdown
 * summary show them as visible escapes; none of them reaches a reader raw.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import type { CliIo } from "../../src/cli/io.js";
import { escapeControls } from "../../src/json/control-chars.js";
import type { MockServer } from "./mock-openai.js";
import { isAgentRequest, startMockServer, completion } from "./mock-openai.js";

const HOSTILE = "\x1b[2J\x1b[H\x1b]0;pwned\x07\x1b]8;;http://evil.test\x1b\\click\x1b]8;;\x1b\\ \r all tests passed \u009b31m \u202egnp.exe";
// Any raw control but tab and newline.
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

let server: MockServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe("terminal control sequences from an endpoint", () => {
  it("escapeControls shows every control character and leaves other text alone", () => {
    expect(escapeControls("a\x1b[2Jb\x07c\u009bd\u202ee\tf\ng")).toBe("a\\x1b[2Jb\\x07c\\x9bd\\u202ee\tf\ng");
    expect(escapeControls("plain: é, ü, 漢字, 🙂")).toBe("plain: é, ü, 漢字, 🙂");
    expect(RAW_CONTROL.test(escapeControls(HOSTILE))).toBe(false);
  });

  it("reach neither the console, metrics.json nor the Markdown summary raw", async () => {
    server = await startMockServer((body) => (isAgentRequest(body) ? { kind: "text", status: 400, text: `{"error": "${HOSTILE}"}` } : completion({ content: "Hello." })));
    const dir = mkdtempSync(join(tmpdir(), "evalsim-escapes-"));
    const cfg = join(dir, "model.yaml");
    writeFileSync(cfg, `base_url: ${server.url}\nmodel: mock-model\nretries: 0\ntimeout_seconds: 5\n`);
    let text = "";
    const io: CliIo = { out: (t) => void (text += t), err: (t) => void (text += t), env: {}, isTty: false, readStdin: () => "", now: () => new Date(0) };
    const out = join(dir, "out");
    const md = join(dir, "summary.md");
    const code = await main(["run", "--scenarios", "eva_airline__voluntary_date_change", "--agent", "llm", "--agent-config", cfg, "--user", "scripted", "--out", out, "--markdown", md, "--workers", "1"], io);
    expect(code).toBe(1);
    expect(RAW_CONTROL.test(text), JSON.stringify(text)).toBe(false);
    const markdown = readFileSync(md, "utf8");
    expect(markdown).toContain("\\x1b[2J");
    expect(RAW_CONTROL.test(markdown)).toBe(false);
    const run = readdirSync(out)[0] ?? "";
    const metrics = JSON.parse(readFileSync(join(out, run, "eva_airline__voluntary_date_change", "metrics.json"), "utf8")) as { error: { message: string } };
    expect(metrics.error.message).toContain("\\x1b]0;pwned\\x07");
    expect(RAW_CONTROL.test(metrics.error.message)).toBe(false);
  });
});
