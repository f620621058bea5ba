/**
 * The chat client against generated hostile replies: the key in every
 * spelling (raw, JSON-escaped whole or in part, percent-encoded, inside a
 * tool call's arguments), lone surrogates, terminal control characters and
 * arrays of integral floats up to 100,000 long. Whatever the reply, the key
 * reaches neither the reply the bot sees, nor the cassette entry, nor the
 * arguments text the model is shown next; the floats stay floats; and the
 * work grows linearly with the reply (no reply takes more than its share).
 */
import fc from "fast-check";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { argumentsText } from "../../src/engine/bots/llm-context.js";
import { planReply } from "../../src/engine/bots/llm-tool-calls.js";
import { openCassette } from "../../src/llm/cassette.js";
import { checkEntry } from "../../src/llm/cassette-entry.js";
import { createChatClient } from "../../src/llm/client.js";
import { parseLlmConfig } from "../../src/llm/config.js";
import { tempDir } from "../helpers/temp-data.js";
import { leaks } from "../helpers/secret-spellings.js";

const KEY = "evk-Fz8Lq3Rw7Tn2Yp5Mb9Xc4";
const config = parseLlmConfig({ base_url: "http://fuzz.invalid/v1", model: "m", retries: 0, api_key_env: "FUZZ_KEY", max_reply_bytes: 16_000_000 }, "fuzz.yaml");

const u = (s: string): string => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
const pct = (s: string): string => [...s].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join("");

/** A piece of JSON string text (already escaped as it sits between quotes). */
const piece = fc.oneof(
  fc.constantFrom(KEY, u(KEY), pct(KEY), `${KEY.slice(0, 4)}${u(KEY.slice(4, 9))}${KEY.slice(9)}`, `${pct(KEY.slice(0, 6))}${KEY.slice(6)}`),
  fc.constantFrom("\\u001b[2J", "\\u001b]0;title\\u0007", "\\u009b31m", "\\u202e", "\\ud800", "\\udfff", "\\ud83d\\ude00", "\\r\\n", "\\t"),
  fc.string({ maxLength: 12 }).map((s) => JSON.stringify(s).slice(1, -1)),
);
const text = fc.array(piece, { maxLength: 8 }).map((xs) => xs.join(" "));

/** Tool call arguments as JSON text: a field spelled from the pieces and `floats` integral floats. */
const args = fc.record({ say: text, floats: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2000 })) }).map(({ say, floats }) => `{"note": "${say}", "values": [${Array.from({ length: floats }, () => "1.0").join(", ")}]}`);

const reply = fc.record({ content: text, calls: fc.array(args, { maxLength: 2 }) });

/** The reply body as an endpoint would write it (by hand: JSON.stringify could not spell these). */
function body(r: { content: string; calls: string[] }): string {
  const calls = r.calls.map((a, i) => `{"id": "c${i}", "type": "function", "function": {"name": "T", "arguments": ${JSON.stringify(a)}}}`);
  return `{"choices": [{"index": 0, "message": {"role": "assistant", "content": "${r.content}"${calls.length > 0 ? `, "tool_calls": [${calls.join(", ")}]` : ""}}}]}`;
}

function filesUnder(root: string): string[] {
  return readdirSync(root).flatMap((n) => (statSync(join(root, n)).isDirectory() ? filesUnder(join(root, n)) : [join(root, n)]));
}

let asked = 0;

async function play(text: string, cassetteDir: string): Promise<{ seen: string; floats: number }> {
  const cassette = openCassette(cassetteDir, "record");
  const client = createChatClient(config, { env: { FUZZ_KEY: KEY }, cassette, fetch: () => Promise.resolve({ status: 200, text: () => Promise.resolve(text) }) });
  const got = await client.complete({ messages: [{ role: "user", content: `request ${asked++}` }] });
  const planned = planReply((got.toolCalls ?? []).map((c) => ({ name: c.function.name, arguments: c.function.arguments, modelId: c.id })));
  const shown = planned.run.map((p) => argumentsText(p.call));
  const dropped = planned.dropped.map((d) => d.arguments);
  const floats = shown.reduce((n, s) => n + (s.match(/1\.0/g)?.length ?? 0), 0);
  return { seen: JSON.stringify(got) + shown.join("\n") + dropped.join("\n"), floats };
}

describe("the chat client against generated hostile replies", () => {
  it("never lets the key through, in any spelling; every reply is stored as a valid cassette entry", async () => {
    const dir = tempDir("evalsim-fuzz-replies-");
    await fc.assert(
      fc.asyncProperty(reply, async (r) => {
        const { seen } = await play(body(r), dir);
        expect(leaks(seen, KEY), seen).toBeUndefined();
      }),
      { numRuns: 150, seed: 28 },
    );
    const stored = filesUnder(dir);
    expect(stored.length).toBeGreaterThan(100);
    for (const f of stored) {
      const text = readFileSync(f, "utf8");
      expect(leaks(text, KEY), f).toBeUndefined();
      expect(checkEntry(text, basename(f, ".json")).ok, f).toBe(true);
    }
  });

  it("takes linear time and bounded memory in the number of integral floats", async () => {
    const dir = tempDir("evalsim-fuzz-floats-");
    const one = async (n: number): Promise<number> => {
      const r = { content: `${u(KEY)} \\u001b[2J`, calls: [`{"note": "${u(KEY)}", "values": [${Array.from({ length: n }, () => "1.0").join(", ")}]}`] };
      const t0 = performance.now();
      const { seen, floats } = await play(body(r), dir);
      const took = performance.now() - t0;
      expect(floats).toBe(n);
      expect(leaks(seen, KEY)).toBeUndefined();
      return took;
    };
    await one(10_000);
    const small = Math.min(await one(10_000), await one(10_000));
    const rss = process.memoryUsage().rss;
    const big = await one(100_000);
    // Linear: about 10 times; quadratic was about 100 times (and minutes).
    expect(big).toBeLessThan(Math.max(40 * small, 3000));
    expect(process.memoryUsage().rss - rss).toBeLessThan(400 * 1024 * 1024);
  });
});
