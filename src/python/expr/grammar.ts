/**
 * The grammar rules of CPython 3.11's `Grammar/python.gram` that the
 * calculator alphabet can reach, as a backtracking parser for one pass
 * (see parse.ts for how the two passes combine).
 */
import type { BinaryOp, CallArg, Expr, UnaryOp } from "./ast.js";
import { CompileError, syntaxError } from "./compile-error.js";
import type { Token, TokenKind, Tokenized } from "./tokenize.js";

/** pegen's MAXSTACK: rule nesting beyond it raises MemoryError. */
const MAX_RULE_DEPTH = 6000;
/** CPython's default `sys.get_int_max_str_digits()`. */
const MAX_INT_DIGITS = 4300;

/**
 * The rules are written to use few JavaScript frames (200 nested parentheses
 * must parse): backtracking rewinds `pos` by hand, and the pegen stack depth
 * is counted with `up`/`down` around each rule instead of wrapper closures.
 * A raise ends the pass, so nothing needs restoring on the way out.
 */
export function createParser(tokenized: Tokenized, invalidRulesPass: boolean) {
  const { tokens, unclosed } = tokenized;
  let pos = 0;
  let invalidRules = invalidRulesPass;
  let depth = 0;
  const memo = new Map<string, { value: unknown; end: number }>();

  /** Looking at a token; at the end inside parentheses this raises, as the tokenizer does. */
  function peek(): TokenKind {
    const token = tokens[pos] as Token;
    if (token.kind === "end" && unclosed) throw syntaxError("'(' was never closed", 1);
    return token.kind;
  }
  function accept(kind: TokenKind): boolean {
    if (peek() !== kind) return false;
    pos++;
    return true;
  }

  /**
   * Entering `levels` generated rule functions: pegen counts each call
   * against its stack limit. A grammar rule may stand for several (the
   * operator chain from `disjunction` down to `sum` is twelve functions, a
   * left-recursive rule two, a parenthesized group in a rule one more).
   */
  function up(levels: number): void {
    depth += levels;
    if (depth > MAX_RULE_DEPTH) throw new CompileError("MemoryError", "");
  }
  function down<T>(levels: number, value: T): T {
    depth -= levels;
    return value;
  }

  /** A `(memo)` rule: its result at a position is computed once per pass. */
  function memoized<T>(name: string, levels: number, rule: () => T | null): T | null {
    up(levels);
    const key = `${name}@${pos}`;
    const hit = memo.get(key);
    if (hit) {
      pos = hit.end;
      return down(levels, hit.value as T | null);
    }
    const start = pos;
    const value = rule();
    if (value === null) pos = start;
    memo.set(key, { value, end: pos });
    return down(levels, value);
  }

  // eval: expressions NEWLINE* ENDMARKER
  function evalInput(): Expr | null {
    up(2);
    const expr = expression();
    return down(2, expr && peek() === "end" ? expr : null);
  }

  // expression (memo): invalid_expression | invalid_legacy_expression | disjunction ['if' ...] | lambdef
  const expression = (): Expr | null => memoized("expression", 1, expressionRule);
  function expressionRule(): Expr | null {
    if (invalidRules) invalidExpression();
    return disjunction();
  }

  // invalid_expression: a=disjunction b=expression_without_invalid, raising inside parentheses.
  function invalidExpression(): void {
    up(1);
    const start = pos;
    if (disjunction() && expressionWithoutInvalid() && (tokens[pos - 1] as Token).level !== 0) {
      throw syntaxError("invalid syntax. Perhaps you forgot a comma?", 1);
    }
    pos = start;
    down(1, null);
  }

  function expressionWithoutInvalid(): Expr | null {
    up(1);
    const saved = invalidRules;
    invalidRules = false;
    const expr = disjunction();
    invalidRules = saved;
    return down(1, expr);
  }

  // disjunction/conjunction/inversion/comparison/bitwise_* have no operator the
  // alphabet can spell, so each reduces to `sum` (they are memoized in pegen).
  const disjunction = (): Expr | null => memoized("disjunction", 12, sum);
  const bitwiseOr = (): Expr | null => memoized("bitwise_or", 8, sum);

  // sum: sum ('+'|'-') term | term;  term: term ('*'|'/'|'//') factor | factor
  const sum = (): Expr | null => memoized("sum", 2, sumRule);
  const term = (): Expr | null => memoized("term", 2, termRule);
  const sumRule = (): Expr | null => leftAssociative(term, ["+", "-"]);
  const termRule = (): Expr | null => leftAssociative(factor, ["*", "/", "//"]);

  function leftAssociative(operand: () => Expr | null, ops: readonly BinaryOp[]): Expr | null {
    let left = operand();
    if (!left) return null;
    for (;;) {
      const op = peek();
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
  }

  // factor (memo): '+' factor | '-' factor | '~' factor | power
  // power: await_primary '**' factor | await_primary
  // Parsed as a loop over `unary* await_primary ('**' ...)` so that long chains
  // do not recurse; each link still counts the rule levels pegen would use.
  const factor = (): Expr | null => memoized("factor", 1, factorRule);
  function factorRule(): Expr | null {
    const links: { ops: UnaryOp[]; base: Expr }[] = [];
    const savedDepth = depth;
    for (;;) {
      const linkStart = pos;
      const ops: UnaryOp[] = [];
      for (let op = peek(); op === "+" || op === "-"; op = peek()) {
        ops.push(op);
        pos++;
      }
      // one `factor` per unary operator, plus the factor and power holding this link
      up(ops.length + (links.length === 0 ? 1 : 2));
      const base = awaitPrimary();
      if (!base) {
        depth = savedDepth;
        if (links.length === 0) return null;
        // This exponent does not parse: the previous link ends before its `**`.
        pos = linkStart - 1;
        break;
      }
      links.push({ ops, base });
      if (!accept("**")) break;
    }
    depth = savedDepth;
    let expr: Expr | null = null;
    for (let i = links.length - 1; i >= 0; i--) {
      const { ops, base } = links[i] as { ops: UnaryOp[]; base: Expr };
      let link: Expr = expr ? { kind: "binary", op: "**", left: base, right: expr } : base;
      for (let k = ops.length - 1; k >= 0; k--) link = { kind: "unary", op: ops[k] as UnaryOp, operand: link };
      expr = link;
    }
    return expr;
  }

  const awaitPrimary = (): Expr | null => memoized("await_primary", 1, primary);

  // primary: primary '.' NAME | primary genexp | primary '(' [arguments] ')' | primary '[' slices ']' | atom
  const primary = (): Expr | null => memoized("primary", 2, primaryRule);
  function primaryRule(): Expr | null {
    const first = atom();
    if (!first) return null;
    let expr: Expr = first;
    for (;;) {
      const start = pos;
      // `.` must be followed by a NAME, which the alphabet cannot spell; the look still reads a token.
      if (accept(".")) peek();
      pos = start;
      genexp();
      if (!accept("(")) return expr;
      const arg = argumentsRule();
      if (!accept(")")) {
        pos = start;
        return expr;
      }
      expr = { kind: "call", callee: expr, arg };
    }
  }

  // genexp: '(' (assignment_expression | expression !':=') for_if_clauses ')' | invalid_comprehension
  // It needs `for`, so it never succeeds; in the second pass its parse can still raise.
  function genexp(): null {
    up(1);
    const start = pos;
    if (accept("(")) {
      up(1); // the parenthesized group is a helper rule of its own
      if (expression()) peek();
      down(1, null);
    }
    pos = start;
    if (invalidRules) invalidComprehension();
    return down(1, null);
  }

  // invalid_comprehension: ('[' | '(' | '{') starred_expression for_if_clauses
  function invalidComprehension(): void {
    up(1);
    up(1); // the `('[' | '(' | '{')` helper rule
    down(1, null);
    const start = pos;
    if (accept("(") && starredExpression()) peek();
    pos = start;
    down(1, null);
  }

  // arguments (memo): args [','] &')' | invalid_arguments
  const argumentsRule = (): CallArg | null => memoized("arguments", 1, argumentsBody);
  function argumentsBody(): CallArg | null {
    const start = pos;
    const arg = args();
    if (arg && peek() === ")") return arg;
    pos = start;
    if (invalidRules) invalidArguments();
    return null;
  }

  // args: (starred_expression | (assignment_expression | expression !':=') !'=') | kwargs
  function args(): CallArg | null {
    up(1);
    const start = pos;
    const star = starredExpression();
    if (star && star.kind === "starred") return down(1, { kind: "star", value: star.value });
    pos = start;
    up(2); // the gather and its element group
    const value = expression();
    down(2, null);
    if (value) return down(1, { kind: "positional", value });
    pos = start;
    return down(1, kwargs());
  }

  // kwargs: only `'**' expression` is spellable; the invalid_kwarg alternatives parse an expression first.
  function kwargs(): CallArg | null {
    up(1);
    const start = pos;
    if (invalidRules) expression();
    pos = start;
    starredExpression();
    pos = start;
    if (invalidRules) expression();
    pos = start;
    if (accept("**")) {
      const value = expression();
      if (value) return down(1, { kind: "double_star", value });
    }
    pos = start;
    return down(1, null);
  }

  // invalid_arguments: every alternative needs ',' or 'for'; only their parses matter.
  function invalidArguments(): void {
    up(1);
    const start = pos;
    if (args()) peek();
    pos = start;
    if (expression()) peek();
    pos = start;
    down(1, null);
  }

  // starred_expression: '*' expression
  function starredExpression(): Expr | null {
    up(1);
    const start = pos;
    if (accept("*")) {
      const value = expression();
      if (value) return down(1, { kind: "starred", value });
    }
    pos = start;
    return down(1, null);
  }

  // atom: NUMBER | &'(' (tuple | group | genexp) | '...'
  function atom(): Expr | null {
    up(1);
    const kind = peek();
    if (kind === "number") {
      const text = (tokens[pos] as Token).text;
      pos++;
      return down(1, numberLiteral(text));
    }
    if (kind === "...") {
      pos++;
      return down(1, { kind: "ellipsis" });
    }
    if (kind !== "(") return down(1, null);
    up(1); // the `(tuple | group | genexp)` helper rule
    const expr = tuple() ?? group() ?? genexp();
    return down(2, expr);
  }

  // tuple: '(' [star_named_expression ',' [star_named_expressions]] ')'
  function tuple(): Expr | null {
    up(1);
    const start = pos;
    if (!accept("(")) return down(1, null);
    up(1); // the optional group is a helper rule
    const inner = pos;
    if (starNamedExpression()) peek();
    pos = inner;
    down(1, null);
    if (accept(")")) return down(1, { kind: "empty_tuple" });
    pos = start;
    return down(1, null);
  }

  // star_named_expression: '*' bitwise_or | named_expression
  function starNamedExpression(): Expr | null {
    up(1);
    const start = pos;
    if (accept("*")) {
      const value = bitwiseOr();
      if (value) return down(1, { kind: "starred", value });
    }
    pos = start;
    return down(1, namedExpression());
  }

  // named_expression: assignment_expression | invalid_named_expression | expression !':='
  function namedExpression(): Expr | null {
    up(1);
    const start = pos;
    if (invalidRules) invalidNamedExpression();
    pos = start;
    const expr = expression();
    if (!expr) pos = start;
    return down(1, expr);
  }

  // invalid_named_expression (memo): all alternatives need ':=' or '='; the third looks ahead for a tuple/genexp.
  const invalidNamedExpression = (): void => void memoized("invalid_named_expression", 1, invalidNamedBody);
  function invalidNamedBody(): null {
    const start = pos;
    if (expression()) peek();
    pos = start;
    const isTuple = tuple() !== null;
    pos = start;
    if (!isTuple) {
      genexp();
      pos = start;
      if (bitwiseOr()) peek();
    }
    pos = start;
    return null;
  }

  // group: '(' (yield_expr | named_expression) ')' | invalid_group
  function group(): Expr | null {
    up(1);
    const start = pos;
    if (accept("(")) {
      up(1); // the `(yield_expr | named_expression)` helper rule
      const expr = namedExpression();
      down(1, null);
      if (expr && accept(")")) return down(1, expr);
    }
    pos = start;
    if (invalidRules) invalidGroup();
    pos = start;
    return down(1, null);
  }

  // invalid_group: '(' starred_expression ')' | '(' '**' expression ')'
  function invalidGroup(): void {
    up(1);
    const start = pos;
    if (accept("(") && starredExpression() && accept(")")) throw syntaxError("cannot use starred expression here", 1);
    pos = start;
    if (accept("(") && accept("**") && expression() && accept(")")) {
      throw syntaxError("cannot use double starred expression here", 1);
    }
    pos = start;
    down(1, null);
  }

  return { evalInput };
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
