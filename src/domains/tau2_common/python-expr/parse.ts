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
import type { BinaryOp, CallArg, Expr, UnaryOp } from "./ast.js";
import type { Token, TokenKind, Tokenized } from "./tokenize.js";

/** A Python exception raised while compiling: its type and `str(exc)`. */
export class CompileError extends Error {
  constructor(
    readonly pyType: "SyntaxError" | "MemoryError",
    readonly pyMessage: string,
  ) {
    super(`${pyType}: ${pyMessage}`);
  }
}

export type ParseOutcome = { ok: true; expr: Expr } | { ok: false; error: CompileError };

/** pegen's MAXSTACK: rule nesting beyond it raises MemoryError. */
const MAX_RULE_DEPTH = 6000;
/** CPython's default `sys.get_int_max_str_digits()`. */
const MAX_INT_DIGITS = 4300;

function syntaxError(message: string, line: number): CompileError {
  return new CompileError("SyntaxError", `${message} (<string>, line ${line})`);
}

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

type Rule = () => Expr | null;

function createParser(tokenized: Tokenized, invalidRulesPass: boolean) {
  const { tokens, unclosed } = tokenized;
  let pos = 0;
  let invalidRules = invalidRulesPass;
  let depth = 0;
  const memo = new Map<string, { value: unknown; end: number }>();

  /** Looking at a token; at the end inside parentheses this raises, as the tokenizer does. */
  function peek(): Token {
    const token = tokens[pos] as Token;
    if (token.kind === "end" && unclosed) throw syntaxError("'(' was never closed", 1);
    return token;
  }
  function accept(kind: TokenKind): boolean {
    if (peek().kind !== kind) return false;
    pos++;
    return true;
  }

  /**
   * Every rule call counts towards pegen's stack limit; `levels` is how many
   * generated rule functions the grammar rule stands for (the operator chain
   * from `disjunction` down to `sum` is twelve, a left-recursive rule two).
   */
  function enter<T>(body: () => T, levels = 1): T {
    depth += levels;
    try {
      if (depth > MAX_RULE_DEPTH) throw new CompileError("MemoryError", "");
      return body();
    } finally {
      depth -= levels;
    }
  }
  function memoized<T>(name: string, body: () => T | null, levels = 1): T | null {
    return enter(() => {
      const key = `${name}@${pos}`;
      const hit = memo.get(key);
      if (hit) {
        pos = hit.end;
        return hit.value as T | null;
      }
      const start = pos;
      const value = body();
      if (value === null) pos = start;
      memo.set(key, { value, end: pos });
      return value;
    }, levels);
  }
  /** Try `body`; on failure rewind to where it started. */
  function attempt<T>(body: () => T | null): T | null {
    const start = pos;
    const result = body();
    if (result === null) pos = start;
    return result;
  }

  // eval: expressions NEWLINE* ENDMARKER
  function evalInput(): Expr | null {
    return enter(() => {
      const expr = expression();
      if (!expr) return null;
      return peek().kind === "end" ? expr : null;
    }, 2);
  }

  // expression (memo): invalid_expression | invalid_legacy_expression | disjunction ['if' ...] | lambdef
  function expression(): Expr | null {
    return memoized("expression", () => {
      if (invalidRules) invalidExpression();
      return disjunction();
    });
  }

  // invalid_expression: a=disjunction b=expression_without_invalid, raising inside parentheses.
  function invalidExpression(): void {
    enter(() =>
      attempt(() => {
        if (!disjunction()) return null;
        if (!expressionWithoutInvalid()) return null;
        if ((tokens[pos - 1] as Token).level !== 0) throw syntaxError("invalid syntax. Perhaps you forgot a comma?", 1);
        return null;
      }),
    );
  }

  function expressionWithoutInvalid(): Expr | null {
    return enter(() => {
      const saved = invalidRules;
      invalidRules = false;
      try {
        return disjunction();
      } finally {
        invalidRules = saved;
      }
    });
  }

  // disjunction/conjunction/inversion/comparison/bitwise_* have no operator the
  // alphabet can spell, so each reduces to `sum` (they are memoized in pegen).
  function disjunction(): Expr | null {
    return memoized("disjunction", sum, 12);
  }
  function bitwiseOr(): Expr | null {
    return memoized("bitwise_or", sum, 8);
  }

  function leftAssociative(name: string, operand: Rule, ops: readonly BinaryOp[]): Expr | null {
    const chain = (): Expr | null => {
      let left = operand();
      if (!left) return null;
      for (;;) {
        const op = peek().kind;
        if (!(ops as readonly string[]).includes(op)) return left;
        const before = pos;
        pos++;
        const right = operand();
        if (!right) {
          pos = before;
          return left;
        }
        left = { kind: "binary", op: op as BinaryOp, left, right };
      }
    };
    return memoized(name, chain, 2);
  }
  function sum(): Expr | null {
    return leftAssociative("sum", term, ["+", "-"]);
  }
  function term(): Expr | null {
    return leftAssociative("term", factor, ["*", "/", "//"]);
  }

  // factor (memo): '+' factor | '-' factor | '~' factor | power
  // power: await_primary '**' factor | await_primary
  // Parsed as a loop over `unary* await_primary ('**' ...)` so that long chains
  // do not recurse; each link still counts the rule levels pegen would use.
  function factor(): Expr | null {
    return memoized("factor", () => {
      const links: { ops: UnaryOp[]; base: Expr }[] = [];
      const savedDepth = depth;
      try {
        for (;;) {
          const linkStart = pos;
          const ops: UnaryOp[] = [];
          for (let op = peek().kind; op === "+" || op === "-"; op = peek().kind) {
            ops.push(op);
            pos++;
          }
          // one `factor` per unary operator, plus the factor and power holding this link
          depth += ops.length + (links.length === 0 ? 1 : 2);
          if (depth > MAX_RULE_DEPTH) throw new CompileError("MemoryError", "");
          const base = awaitPrimary();
          if (!base) {
            if (links.length === 0) return null;
            // This exponent does not parse: the previous link ends before its `**`.
            pos = linkStart - 1;
            break;
          }
          links.push({ ops, base });
          if (!accept("**")) break;
        }
      } finally {
        depth = savedDepth;
      }
      let expr: Expr | null = null;
      for (let i = links.length - 1; i >= 0; i--) {
        const { ops, base } = links[i] as { ops: UnaryOp[]; base: Expr };
        let link: Expr = expr ? { kind: "binary", op: "**", left: base, right: expr } : base;
        for (let k = ops.length - 1; k >= 0; k--) link = { kind: "unary", op: ops[k] as UnaryOp, operand: link };
        expr = link;
      }
      return expr;
    });
  }

  function awaitPrimary(): Expr | null {
    return memoized("await_primary", primary);
  }

  // primary: primary '.' NAME | primary genexp | primary '(' [arguments] ')' | primary '[' slices ']' | atom
  function primary(): Expr | null {
    const trailers = (): Expr | null => {
      const first = atom();
      if (!first) return null;
      let expr: Expr = first;
      for (;;) {
        const callee = expr;
        // `.` must be followed by a NAME, which the alphabet cannot spell; the look still reads a token.
        attempt(() => {
          if (accept(".")) peek();
          return null;
        });
        genexp();
        const call = attempt((): Expr | null => {
          if (!accept("(")) return null;
          const arg = argumentsRule();
          return accept(")") ? { kind: "call", callee, arg } : null;
        });
        if (!call) return expr;
        expr = call;
      }
    };
    return memoized("primary", trailers, 2);
  }

  // genexp needs `for`, so it never succeeds; in the second pass its parse can still raise.
  function genexp(): null {
    enter(() => {
      attempt(() => {
        if (!accept("(")) return null;
        if (expression()) peek();
        return null;
      });
      if (invalidRules) {
        // invalid_comprehension: '(' starred_expression for_if_clauses
        attempt(() => {
          if (!accept("(")) return null;
          if (starredExpression()) peek();
          return null;
        });
      }
      return null;
    });
    return null;
  }

  // arguments (memo): args [','] &')' | invalid_arguments
  function argumentsRule(): CallArg | null {
    return memoized("arguments", () => {
      const parsed = attempt(() => {
        const arg = args();
        return arg && peek().kind === ")" ? arg : null;
      });
      if (parsed) return parsed;
      if (invalidRules) invalidArguments();
      return null;
    });
  }

  // args: (starred_expression | (assignment_expression | expression !':=') !'=') | kwargs
  function args(): CallArg | null {
    return enter(() => {
      const star = attempt(() => {
        const s = starredExpression();
        return s && s.kind === "starred" ? ({ kind: "star", value: s.value } as const) : null;
      });
      if (star) return star;
      const positional = attempt(() => {
        const e = expression();
        return e ? ({ kind: "positional", value: e } as const) : null;
      });
      if (positional) return positional;
      return kwargs();
    });
  }

  // kwargs: only `'**' expression` is spellable; the invalid_kwarg alternatives parse an expression first.
  function kwargs(): CallArg | null {
    return enter(() => {
      if (invalidRules) attempt(() => (expression(), null));
      attempt(() => starredExpression());
      if (invalidRules) attempt(() => (expression(), null));
      return attempt(() => {
        if (!accept("**")) return null;
        const value = expression();
        return value ? ({ kind: "double_star", value } as const) : null;
      });
    });
  }

  // invalid_arguments: every alternative needs ',' or 'for'; only their parses matter.
  function invalidArguments(): void {
    enter(() => {
      attempt(() => (args() ? peek() : null, null));
      attempt(() => (expression() ? peek() : null, null));
      return null;
    });
  }

  // starred_expression: '*' expression
  function starredExpression(): Expr | null {
    return enter(() =>
      attempt(() => {
        if (!accept("*")) return null;
        const value = expression();
        return value ? ({ kind: "starred", value } as const) : null;
      }),
    );
  }

  // atom: NUMBER | &'(' (tuple | group | genexp) | '...'
  function atom(): Expr | null {
    return enter(() => {
      const token = peek();
      if (token.kind === "number") {
        pos++;
        return numberLiteral(token.text);
      }
      if (token.kind === "(") return tuple() ?? group() ?? genexp();
      if (token.kind === "...") {
        pos++;
        return { kind: "ellipsis" };
      }
      return null;
    });
  }

  // tuple: '(' [star_named_expression ',' [star_named_expressions]] ')'
  function tuple(): Expr | null {
    return enter(() =>
      attempt(() => {
        if (!accept("(")) return null;
        attempt(() => (starNamedExpression() ? peek() : null, null));
        return accept(")") ? ({ kind: "empty_tuple" } as const) : null;
      }),
    );
  }

  // star_named_expression: '*' bitwise_or | named_expression
  function starNamedExpression(): Expr | null {
    return enter(() => {
      const star = attempt(() => {
        if (!accept("*")) return null;
        const value = bitwiseOr();
        return value ? ({ kind: "starred", value } as const) : null;
      });
      return star ?? namedExpression();
    });
  }

  // named_expression: assignment_expression | invalid_named_expression | expression !':='
  function namedExpression(): Expr | null {
    return enter(() => {
      if (invalidRules) invalidNamedExpression();
      return attempt(expression);
    });
  }

  // invalid_named_expression (memo): all alternatives need ':=' or '='; the third looks ahead for a tuple/genexp.
  function invalidNamedExpression(): void {
    memoized("invalid_named_expression", () => {
      attempt(() => (expression() ? peek() : null, null));
      const isTupleOrGenexp = attempt(() => tuple()) !== null || (genexp(), false);
      if (!isTupleOrGenexp) attempt(() => (bitwiseOr() ? peek() : null, null));
      return null;
    });
  }

  // group: '(' named_expression ')' | invalid_group
  function group(): Expr | null {
    return enter(() => {
      const inner = attempt(() => {
        if (!accept("(")) return null;
        const expr = namedExpression();
        return expr && accept(")") ? expr : null;
      });
      if (inner) return inner;
      if (invalidRules) invalidGroup();
      return null;
    });
  }

  function invalidGroup(): void {
    enter(() => {
      attempt(() => {
        if (!accept("(")) return null;
        if (starredExpression() && accept(")")) throw syntaxError("cannot use starred expression here", 1);
        return null;
      });
      attempt(() => {
        if (!accept("(") || !accept("**")) return null;
        if (expression() && accept(")")) throw syntaxError("cannot use double starred expression here", 1);
        return null;
      });
      return null;
    });
  }

  function numberLiteral(text: string): Expr {
    if (text.includes(".")) return { kind: "float", value: Number(text) };
    // Literals that fit a C unsigned long (any run of zeros) skip the digit limit.
    if (text.length > MAX_INT_DIGITS && /[1-9]/.test(text)) {
      throw syntaxError(
        `Exceeds the limit (${MAX_INT_DIGITS} digits) for integer string conversion: value has ${text.length} digits; ` +
          "use sys.set_int_max_str_digits() to increase the limit - Consider hexadecimal for huge integer literals " +
          "to avoid decimal conversion limits.",
        1,
      );
    }
    return { kind: "int", value: BigInt(text) };
  }

  return { evalInput };
}
