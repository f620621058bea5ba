/**
 * CPython 3.11's PEG parser (`Grammar/python.gram`), reduced to the rules the
 * calculator alphabet can reach, so that a bad expression fails with the same
 * SyntaxError text. What makes the messages come out right:
 *
 * - Two passes. The first parses plainly; if it fails, a second pass enables
 *   the `invalid_*` rules, which raise specialised messages ("Perhaps you
 *   forgot a comma?"); if none fires, the error is a bare "invalid syntax".
 * - Alternatives are tried in grammar order with backtracking, and reading the
 *   end of input while a parenthesis is open raises "'(' was never closed" at
 *   that moment, which can pre-empt a specialised message.
 * - Rules marked `(memo)` in the grammar cache their result per position for
 *   the rest of the pass, whichever mode (invalid rules on or off) first
 *   computed it, exactly as pegen does.
 */
import type { Expr } from "./ast.js";
import { CompileError, syntaxError } from "./compile-error.js";
import { createParser } from "./grammar.js";
import type { Tokenized } from "./tokenize.js";

export { CompileError };

export type ParseOutcome = { ok: true; expr: Expr } | { ok: false; error: CompileError };

/** Parse a tokenized expression the way `eval()` does. */
export function parseExpression(tokenized: Tokenized): ParseOutcome {
  if (tokenized.error !== undefined) return { ok: false, error: syntaxError(tokenized.error, 1) };
  const first = runPass(tokenized, false);
  if (first.kind === "parsed") return { ok: true, expr: first.expr };
  if (first.kind === "raised") return { ok: false, error: first.error };
  const second = runPass(tokenized, true);
  if (second.kind === "raised") return { ok: false, error: second.error };
  // An empty input fails at the end marker, which CPython places on line 0.
  const line = tokenized.tokens.length === 1 ? 0 : 1;
  return { ok: false, error: syntaxError("invalid syntax", line) };
}

type PassOutcome = { kind: "parsed"; expr: Expr } | { kind: "failed" } | { kind: "raised"; error: CompileError };

function runPass(tokenized: Tokenized, invalidRulesPass: boolean): PassOutcome {
  const parser = createParser(tokenized, invalidRulesPass);
  try {
    const expr = parser.evalInput();
    return expr ? { kind: "parsed", expr } : { kind: "failed" };
  } catch (error) {
    if (error instanceof CompileError) return { kind: "raised", error };
    throw error;
  }
}
