/**
 * Plumbing shared by the translations of the reference's unit tests: loose
 * DB objects to edit like the reference's dicts, and `pytest.raises`.
 */
import { expect } from "vitest";
import { PyError } from "../../src/python/error.js";

/** A DB as the reference's tests handle it: a dict edited by path. */
export type Obj = Record<string, any>;

/** `pytest.raises(pyType, match=pattern)`: the call throws that Python exception with a matching message. */
export function expectRaises(fn: () => unknown, pyType: PyError["pyType"], match?: RegExp): void {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(PyError);
  expect((caught as PyError).pyType).toBe(pyType);
  if (match) expect((caught as PyError).message).toMatch(match);
}
