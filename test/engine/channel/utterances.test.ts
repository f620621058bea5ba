/** parseUtterances and hearUtterances: `evalsim channel` input, one utterance a line. */
import { describe, expect, it } from "vitest";
import { hearUtterances, parseUtterances, UtteranceError } from "../../../src/engine/channel/utterances.js";

describe("parseUtterances", () => {
  it("reads plain lines and JSON objects, skipping blank lines", () => {
    expect(parseUtterances('Hello there\n\n{"text": "My name is Ana Ruiz", "names": ["Ana", "Ruiz"], "scenario": "tau2_retail__0"}\r\n  \n', "in.txt")).toEqual([
      { text: "Hello there" },
      { text: "My name is Ana Ruiz", names: ["Ana", "Ruiz"], scenario: "tau2_retail__0" },
    ]);
  });

  it("names the source, line and field of a bad line", () => {
    expect(() => parseUtterances("ok\n{bad", "in.txt")).toThrow(UtteranceError);
    expect(() => parseUtterances("ok\n{bad", "in.txt")).toThrow(/^in\.txt:2: invalid JSON: /);
    expect(() => parseUtterances('{"names": []}', "u")).toThrow("u:1: text: expected a string, got nothing");
    expect(() => parseUtterances('{"text": 5}', "u")).toThrow("u:1: text: expected a string, got 5");
    expect(() => parseUtterances('{"text": "a", "names": [1]}', "u")).toThrow("u:1: names: expected an array of strings");
    expect(() => parseUtterances('\n{"text": "a", "scenario": 2}', "u")).toThrow("u:2: scenario: expected a scenario name (a string)");
  });
});

describe("hearUtterances", () => {
  it("an unknown scenario is an error naming the utterance", () => {
    expect(() => hearUtterances("clean", "user", 1, [{ text: "a" }, { text: "b", scenario: "nope" }], () => undefined)).toThrow(
      "scenario 'nope' (utterance 2) is not a known scenario",
    );
  });

  it("the clean profile hears every line as said", () => {
    expect(hearUtterances("clean", "user", 1, [{ text: "Flight SK621, seat 21A." }], () => undefined)).toEqual([
      { text: "Flight SK621, seat 21A.", heard: "Flight SK621, seat 21A.", effects: [] },
    ]);
  });

  it("each line is heard with its own stream: what came before it does not change it", () => {
    const said = { text: "I would like to change my flight to Boston on the fifteenth, my confirmation is ZK3FFW" };
    for (let seed = 1; seed <= 5; seed++) {
      const a = hearUtterances("light", "user", seed, [{ text: "Hello" }, said], () => undefined);
      const b = hearUtterances("light", "user", seed, [{ text: "A different first line altogether, much longer" }, said], () => undefined);
      expect(b[1]).toEqual(a[1]);
    }
  });
});
