/**
 * Call sequences replayed against the reference: reference-tool-cases.json
 * holds, for each case, the starting DB patch, the calls, and what the NeMo
 * reference tools returned, recorded and hashed after every call (produced by
 * running the reference's tool classes' `invoke` with "today" frozen to the
 * case's date and `uuid4` fixed to the case's `bill_hex`).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Side } from "../../../src/engine/types.js";
import type { JsonObject, JsonValue } from "../../../src/json/types.js";
import { dbHash } from "../../../src/hash/db/index.js";
import { fixedHexRng, fixtureDb, session, setPath, TODAY } from "./telecom-harness.js";

interface ReferenceStep {
  result: JsonValue;
  records: JsonObject[];
  db_hash: string | null;
}

interface ReferenceCase {
  name: string;
  side: Side;
  calls: { name: string; arguments?: JsonValue }[];
  patch?: Record<string, JsonValue>;
  today?: string;
  bill_hex?: string;
  empty_db?: boolean;
  expected: ReferenceStep[];
}

const cases = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), "reference-tool-cases.json"), "utf8"),
) as ReferenceCase[];

describe("telecom tools replay the reference's call sequences", () => {
  it("covers every tool of both sides", () => {
    const called = new Set(cases.flatMap((c) => c.calls.map((call) => `${c.side}:${call.name}`)));
    expect([...called].filter((n) => n.startsWith("agent:")).length).toBe(13);
    expect([...called].filter((n) => n.startsWith("user:")).length).toBe(30);
  });

  for (const c of cases) {
    it(c.name, () => {
      const db = c.empty_db ? {} : fixtureDb(c.side);
      for (const [path, value] of Object.entries(c.patch ?? {})) setPath(db, path, value);
      const s = session(c.side, db, { today: c.today ?? TODAY, rng: fixedHexRng(c.bill_hex ?? "0badc0de") });
      c.calls.forEach((call, i) => {
        const expected = c.expected[i] as ReferenceStep;
        const before = s.db();
        const outcome = s.call(call.name, call.arguments ?? {});
        const where = `step ${i} ${call.name}(${JSON.stringify(call.arguments ?? {})})`;
        expect(outcome.result, where).toEqual(expected.result);
        expect(outcome.records.map(({ side: _side, ...r }) => r), where).toEqual(expected.records);
        if (expected.db_hash !== null) expect(dbHash(s.db()), where).toBe(expected.db_hash);
        if (outcome.status !== "ok") expect(s.db(), where).toBe(before);
      });
    });
  }
});
