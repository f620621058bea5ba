import { describe, expect, it } from "vitest";
import { z } from "zod";
import { changedPart, schemaProblem } from "../../src/fuzz/schema-check.js";

const Pax = z.object({ id: z.string().regex(/^PAX\d{3}$/), amount: z.number() });
const Db = z.object({ passengers: z.record(z.string(), Pax), meta: z.object({ version: z.number() }) });

const rec1 = { id: "PAX001", amount: 10 };
const rec2 = { id: "PAX002", amount: 20 };
const start = { passengers: { a: rec1, b: rec2 }, meta: { version: 1 } };

describe("changedPart", () => {
  it("leaves out records that are the very same object as at the start, keeps other tables whole", () => {
    const edited = { ...rec2, amount: 25 };
    const current = { passengers: { a: rec1, b: edited, c: { id: "PAX003", amount: 1 } }, meta: { version: 2 } };
    expect(changedPart(start, current)).toEqual({ passengers: { b: edited, c: { id: "PAX003", amount: 1 } }, meta: { version: 2 } });
  });

  it("counts an equal but new record as changed", () => {
    expect(changedPart(start, { ...start, passengers: { a: { ...rec1 }, b: rec2 } })).toEqual({ passengers: { a: rec1 }, meta: { version: 1 } });
  });
});

describe("schemaProblem", () => {
  it("finds nothing in a DB that still fits", () => {
    expect(schemaProblem(Db, start, { ...start, passengers: { ...start.passengers, c: { id: "PAX003", amount: 3 } } })).toBeUndefined();
  });

  it("names the path of a changed record that no longer fits", () => {
    const problem = schemaProblem(Db, start, { ...start, passengers: { a: rec1, b: { id: "PAX002", amount: "20" } } });
    expect(problem).toBe('passengers.b.amount: expected a number, found "20"');
  });

  it("never looks at untouched records, even broken ones", () => {
    const broken = { id: "bad", amount: 0 };
    const s = { ...start, passengers: { a: rec1, b: broken } };
    expect(schemaProblem(Db, s, { ...s, meta: { version: 3 } })).toBeUndefined();
  });

  it("accepts what the reference's tools store: non-finite numbers and Unicode decimal digits", () => {
    expect(schemaProblem(Db, start, { ...start, passengers: { ...start.passengers, c: { id: "PAX٠٠١", amount: Infinity } } })).toBeUndefined();
    expect(schemaProblem(Db, start, { ...start, passengers: { ...start.passengers, c: { id: "PAX१२३", amount: NaN } } })).toBeUndefined();
    // A letter is not a digit in any script.
    expect(schemaProblem(Db, start, { ...start, passengers: { ...start.passengers, c: { id: "PAXabc", amount: 1 } } })).toMatch(/^passengers\.c\.id: .*found "PAXabc"$/);
  });

  it("does not count problems at unchecked fields", () => {
    const current = { ...start, passengers: { a: rec1, b: { id: "PAX002", amount: "x" } } };
    expect(schemaProblem(Db, start, current, [["passengers", "*", "amount"]])).toBeUndefined();
    expect(schemaProblem(Db, start, current, [["passengers", "*", "id"]])).toMatch(/amount/);
  });
});
