import { describe, expect, it } from "vitest";
import { clusteredRate, countUtterance, measurePairs, wilson } from "../../../../src/engine/channel/measure/rates.js";

// Interval values from Python (math.sqrt, z = 1.959963984540054); Wilson 3/10 is the textbook 0.108–0.603.
describe("wilson", () => {
  it("gives the Wilson score interval", () => {
    const r = wilson(3, 10);
    expect(r.rate).toBe(0.3);
    expect(r.low).toBeCloseTo(0.10779126740630099, 12);
    expect(r.high).toBeCloseTo(0.6032218525388546, 12);
    expect(wilson(0, 5)).toMatchObject({ rate: 0, low: 0 });
    expect(wilson(0, 5).high).toBeCloseTo(0.43448246478317476, 12);
    expect(wilson(5, 5).low).toBeCloseTo(0.5655175352168251, 12);
    expect(wilson(5, 5).high).toBe(1);
    expect(wilson(0, 0)).toEqual({ events: 0, units: 0, rate: 0, low: 0, high: 1 });
  });
});

describe("clusteredRate", () => {
  it("uses the ratio estimator's linearised variance over utterances", () => {
    const r = clusteredRate([[1, 10], [0, 8], [3, 12]]);
    expect(r.events).toBe(4);
    expect(r.units).toBe(30);
    expect(r.rate).toBeCloseTo(0.13333333333333333, 15);
    expect(r.low).toBe(0);
    expect(r.high).toBeCloseTo(0.2766675263163151, 12);
  });

  it("falls back to Wilson with no event or a single utterance", () => {
    expect(clusteredRate([[0, 10], [0, 8]])).toEqual(wilson(0, 18));
    expect(clusteredRate([[3, 10]])).toEqual(wilson(3, 10));
  });
});

describe("countUtterance", () => {
  it("counts nothing wrong in a faithful transcript", () => {
    const c = countUtterance({ intended: "my code is Z K three F", heard: "my code is Z K three F" });
    expect(c).toMatchObject({ errors: 0, anyError: false, letters: 3, digits: 1, runs: 1, runsWrong: 0, longDrop: false, cutOff: false, inaudible: 0 });
  });

  it("counts a substituted spelled letter and the run it spoils", () => {
    const c = countUtterance({ intended: "my code is Z K three F", heard: "my code is Z P three F" });
    expect(c).toMatchObject({ errors: 1, anyError: true, letterSubs: 1, letterDrops: 0, runs: 1, runsWrong: 1 });
  });

  it("counts wrong name words, a cut-off ending, dropped digits and [inaudible]", () => {
    const c = countUtterance({ intended: "this is Anna Allen and I want to change my flight today", heard: "this is Anna Alan and I want to", names: ["Anna", "Allen"] });
    expect(c).toMatchObject({ tokens: 12, errors: 5, nameWords: 2, namesWrong: 1, cutOff: true, longDrop: true, inaudible: 0 });
    const digits = countUtterance({ intended: "it is four one two okay", heard: "it is four two okay [inaudible] [Inaudible]" });
    expect(digits).toMatchObject({ digits: 3, digitDrops: 1, runs: 1, runsWrong: 1, cutOff: false, inaudible: 2 });
  });
});

describe("measurePairs", () => {
  it("shares utterances with an error over all utterances", () => {
    const r = measurePairs([
      { intended: "hello there", heard: "hello there" },
      { intended: "hello there", heard: "hello bear" },
      { intended: "good morning", heard: "good morning" },
      { intended: "good morning", heard: "good morning" },
    ]);
    expect(r.utterances_with_error).toMatchObject({ events: 1, units: 4, rate: 0.25 });
    expect(r.wer).toMatchObject({ events: 1, units: 8, rate: 0.125 });
  });
});
