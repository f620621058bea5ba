import { describe, expect, it } from "vitest";
import { checkEntry, entryText } from "../../src/llm/cassette-entry.js";

// Digests from Python: sha256(json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode())
// (the JCS text of these plain values).
const request = { model: "m", messages: [{ role: "user", content: "héllo" }], temperature: 0.5 };
const response = { choices: [{ message: { content: "ok", role: "assistant" } }], id: "r1" };
const KEY = "56f826e7038c6039b86c43a8c0882b5b6e41b5a80209ef0da1797d51e6810350";
const DIGEST = "sha256:1a8dc8b0d9c296c5ac282bfd2ad8638df562761ce2b663d28e8afad5de512be2";
// The digest of the same request with `"id": "r2"` in the response.
const DIGEST_R2 = "sha256:d82ff3b7f16035c88f87611472069d593f0572e231508389d6edc7444edf86b4";

describe("entryText", () => {
  it("writes key, digest, request and response, in that order, indented, with a final newline", () => {
    const text = entryText(request, response);
    expect(text.startsWith(`{\n  "key": "${KEY}",\n  "digest": "${DIGEST}",\n  "request": {`)).toBe(true);
    expect(text.endsWith("}\n")).toBe(true);
    expect(JSON.parse(text)).toEqual({ key: KEY, digest: DIGEST, request, response });
  });
});

describe("checkEntry", () => {
  const good = (): Record<string, unknown> => ({ key: KEY, digest: DIGEST, request, response });
  const text = (v: unknown): string => JSON.stringify(v);

  it("accepts a whole entry and returns its request and response", () => {
    expect(checkEntry(entryText(request, response), KEY)).toEqual({ ok: true, request, response });
  });

  it("names each way an entry can be wrong", () => {
    const noDigest = good();
    delete noDigest.digest;
    const noResponse = good();
    delete noResponse.response;
    const cases: Array<[string, string, string]> = [
      [entryText(request, response).slice(0, 50), KEY, "not valid JSON (truncated or damaged): "],
      ["[1]", KEY, "not a cassette entry (expected a JSON object)"],
      [text(noResponse), KEY, 'not a cassette entry (no "response")'],
      [text(noDigest), KEY, 'has no "digest" (re-record it: --cassette-mode auto re-fetches it)'],
      [text(good()), "0".repeat(64), `its "key" ${KEY} is not the key its file name says (${"0".repeat(64)})`],
      [text({ ...good(), request: { ...request, temperature: 0.7 } }), KEY, "its request was edited (it no longer hashes to its key)"],
      [text({ ...good(), response: { ...response, id: "r2" } }), KEY, "its digest does not match its request and response (the entry was edited)"],
    ];
    for (const [t, key, problem] of cases) {
      const r = checkEntry(t, key);
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      if (problem.endsWith(": ")) expect(r.problem.startsWith(problem)).toBe(true);
      else expect(r.problem).toBe(problem);
    }
  });

  it("accepts an edited response whose digest was recomputed the reference way", () => {
    expect(checkEntry(text({ ...good(), digest: DIGEST_R2, response: { ...response, id: "r2" } }), KEY).ok).toBe(true);
  });
});
