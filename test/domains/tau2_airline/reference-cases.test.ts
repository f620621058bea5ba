/**
 * The reference cases that span the tool modules: argument validation across
 * tools, the transfer, the calculator and unknown tool names (see
 * replay-reference.ts; each tool module's spec replays its own cases).
 */
import { describe, expect, it } from "vitest";
import { casesNamed, referenceCases, replayReferenceCase } from "./replay-reference.js";

const SHARED = [
  "argument validation errors",
  "transfer exits, even after a validation error",
  "calculator",
  "unknown tool names",
];

describe("airline tools answer as the reference does", () => {
  it.each(casesNamed(...SHARED))("%s", (_name, c) => replayReferenceCase(c));

  it("the case file still holds every case the tool specs replay", () => {
    expect(referenceCases.length).toBe(21);
  });
});
