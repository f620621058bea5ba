import { describe, expect, it } from "vitest";
import type { NumberSpan } from "../../../src/engine/channel/numbers.js";
import { findSpokenNumbers, writeNumber } from "../../../src/engine/channel/numbers.js";

/** Each span as [the words it covers, form, digits]. */
const spans = (text: string): [string, string, string][] => findSpokenNumbers(text).map((s) => [text.slice(s.at, s.end), s.form, s.digits]);

describe("findSpokenNumbers", () => {
  it("reads times with their meridiem, however it is written", () => {
    expect(spans("leaving at eight fifty five a m today")).toEqual([["eight fifty five a m", "time", "855"]]);
    expect(spans("at eight PM.")).toEqual([["eight PM.", "time", "8"]]);
    expect(spans("by eight oh five p.m. sharp")).toEqual([["eight oh five p.m.", "time", "805"]]);
    const t = findSpokenNumbers("at eleven thirty am")[0];
    expect(t).toMatchObject({ form: "time", digits: "1130", meridiem: "a.m.", hourDigits: 2 });
  });

  it("reads amounts before 'dollars', ordinals, digit sequences and cardinals of two digits or more", () => {
    expect(spans("it costs one hundred twenty dollars")).toEqual([["one hundred twenty dollars", "amount", "120"]]);
    expect(spans("on March twenty fifth")).toEqual([["twenty fifth", "ordinal", "25"]]);
    expect(spans("the fourteenth")).toEqual([["fourteenth", "ordinal", "14"]]);
    expect(spans("area code four one two")).toEqual([["four one two", "digits", "412"]]);
    expect(spans("I have twelve bags")).toEqual([["twelve", "cardinal", "12"]]);
  });

  it("leaves a lone one to nine a word", () => {
    expect(spans("I need one seat and two bags")).toEqual([]);
  });

  it("reads 'oh' as zero only between number words", () => {
    expect(spans("room eight oh five a m")).toEqual([["eight oh five a m", "time", "805"]]);
    expect(spans("oh well, eight oh")).toEqual([]);
  });

  it("keeps the zero of 'oh' in a digit sequence said without a.m./p.m.", () => {
    expect(spans("extension eight oh five")).toEqual([["eight oh five", "digits", "805"]]);
    expect(spans("flight four oh two")).toEqual([["four oh two", "digits", "402"]]);
  });

  it("ends a number at a comma or full stop, keeping what came before it", () => {
    expect(spans("four, one, two")).toEqual([]);
    expect(spans("twelve, thirteen")).toEqual([["twelve", "cardinal", "12"], ["thirteen", "cardinal", "13"]]);
    expect(spans("twenty. five")).toEqual([["twenty", "cardinal", "20"]]);
    expect(spans("one hundred, twenty dollars")).toEqual([["one hundred", "cardinal", "100"], ["twenty dollars", "amount", "20"]]);
  });

  it("gives offsets in the text, end exclusive", () => {
    expect(findSpokenNumbers("code four one two.")).toEqual([{ at: 5, end: 17, form: "digits", digits: "412" }]);
  });
});

describe("writeNumber", () => {
  const span = (form: NumberSpan["form"], extra: Partial<NumberSpan> = {}): NumberSpan => ({ at: 0, end: 1, form, digits: "", ...extra });

  it("writes each form as a recogniser would, with the digits it heard", () => {
    expect(writeNumber(span("time", { meridiem: "a.m.", hourDigits: 1 }), "855")).toBe("8:55 a.m.");
    expect(writeNumber(span("time", { meridiem: "p.m.", hourDigits: 2 }), "1130")).toBe("11:30 p.m.");
    expect(writeNumber(span("time", { meridiem: "p.m.", hourDigits: 1 }), "8")).toBe("8 p.m.");
    expect(writeNumber(span("amount"), "120")).toBe("$120");
    expect(writeNumber(span("digits"), "412")).toBe("412");
    expect(writeNumber(span("cardinal"), "12")).toBe("12");
    expect(writeNumber(span("time"), "")).toBe("");
  });

  it("gives ordinals English suffixes, 11th to 13th included", () => {
    const cases: Record<string, string> = { "1": "1st", "2": "2nd", "3": "3rd", "4": "4th", "11": "11th", "12": "12th", "13": "13th", "21": "21st", "22": "22nd", "101": "101st", "111": "111th", "25": "25th" };
    for (const [d, w] of Object.entries(cases)) expect(writeNumber(span("ordinal"), d)).toBe(w);
  });
});
