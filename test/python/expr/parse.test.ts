import { describe, expect, it } from "vitest";
import { parseExpression } from "../../../src/python/expr/parse.js";
import { tokenize } from "../../../src/python/expr/tokenize.js";

const parse = (text: string) => parseExpression(tokenize(text));
const message = (text: string): string | undefined => {
  const p = parse(text);
  return p.ok ? undefined : p.error.pyMessage;
};

describe("parseExpression", () => {
  it("builds the tree with Python's precedence: ** binds tighter than unary minus, and to the right", () => {
    // -2 ** 2 == -4 and 2 ** 3 ** 2 == 512 in Python.
    const neg = parse("-2 ** 2");
    expect(neg.ok && neg.expr).toMatchObject({ kind: "unary", op: "-", operand: { kind: "binary", op: "**" } });
    const right = parse("2 ** 3 ** 2");
    expect(right.ok && right.expr).toMatchObject({ kind: "binary", op: "**", left: { kind: "int", value: 2n }, right: { kind: "binary", op: "**" } });
    const left = parse("8 - 2 - 1");
    expect(left.ok && left.expr).toMatchObject({ kind: "binary", op: "-", left: { kind: "binary", op: "-" }, right: { kind: "int", value: 1n } });
  });

  it("reports the SyntaxError text `eval` reports", () => {
    // python3 -c 'eval("...")' for each: str(e)
    expect(message("")).toBe("invalid syntax (<string>, line 0)");
    expect(message("1 +")).toBe("invalid syntax (<string>, line 1)");
    expect(message("1 2")).toBe("invalid syntax (<string>, line 1)");
    expect(message("(1")).toBe("'(' was never closed (<string>, line 1)");
    expect(message("01")).toBe("leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers (<string>, line 1)");
    expect(message(")")).toBe("unmatched ')' (<string>, line 1)");
  });
});
