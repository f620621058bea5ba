/**
 * A safe evaluator for Python expressions of numbers and arithmetic
 * operators: `round(float(eval(text)), 2)` computed without `eval`, by
 * tokenizing, parsing and evaluating with CPython 3.11's semantics, and the
 * text of the exception Python would raise.
 */
import { pyRound } from "../float.js";
import type { CallArg, Expr } from "./ast.js";
import { binary, unary } from "./operators.js";
import { CompileError, parseExpression } from "./parse.js";
import { tokenize } from "./tokenize.js";
import type { PyValue } from "./values.js";
import { PyException, intToDouble, pyStr, typeName } from "./values.js";

/**
 * The compiler's recursion budget: `3 * sys.getrecursionlimit()` minus three
 * per Python frame already on the stack when `eval` runs. The reference's
 * depth is not fixed; this is its value when called from a shallow stack.
 */
const MAX_AST_DEPTH = 2991;

export type Evaluation = { ok: true; value: number } | { ok: false; message: string };

/** `round(float(eval(text)), 2)`, or `str(exception)` of what Python raises. */
export function evaluateCalculatorExpression(text: string): Evaluation {
  try {
    const parsed = parseExpression(tokenize(text));
    if (!parsed.ok) return { ok: false, message: parsed.error.pyMessage };
    if (astDepth(parsed.expr) > MAX_AST_DEPTH) {
      return { ok: false, message: "maximum recursion depth exceeded during compilation" };
    }
    return { ok: true, value: pyRound(toFloat(evaluate(parsed.expr)), 2) };
  } catch (error) {
    if (error instanceof PyException || error instanceof CompileError) return { ok: false, message: error.pyMessage };
    // Nesting deep enough to exhaust the JavaScript stack exhausts CPython's parser stack first.
    if (error instanceof RangeError) return { ok: false, message: "" };
    throw error;
  }
}

/** `float(x)`. */
function toFloat(v: PyValue): number {
  if (v.type === "float") return v.value;
  if (v.type === "int") return intToDouble(v.value);
  throw new PyException("TypeError", `float() argument must be a string or a real number, not '${typeName(v)}'`);
}

function astDepth(root: Expr): number {
  let deepest = 0;
  const stack: [Expr, number][] = [[root, 1]];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [expr, depth] = top;
    deepest = Math.max(deepest, depth);
    for (const child of children(expr)) stack.push([child, depth + 1]);
  }
  return deepest;
}

function children(expr: Expr): Expr[] {
  switch (expr.kind) {
    case "int":
    case "float":
    case "ellipsis":
    case "empty_tuple":
      return [];
    case "unary":
      return [expr.operand];
    case "binary":
      return [expr.left, expr.right];
    case "call":
      return expr.arg ? [expr.callee, expr.arg.value] : [expr.callee];
    case "starred":
      return [expr.value];
    default:
      return expr satisfies never;
  }
}

function evaluate(expr: Expr): PyValue {
  switch (expr.kind) {
    case "int":
      return { type: "int", value: expr.value };
    case "float":
      return { type: "float", value: expr.value };
    case "ellipsis":
      return { type: "ellipsis" };
    case "empty_tuple":
      return { type: "tuple" };
    case "unary":
      return unary(expr.op, evaluate(expr.operand));
    case "binary": {
      const left = evaluate(expr.left);
      return binary(expr.op, left, evaluate(expr.right));
    }
    case "call":
      return call(evaluate(expr.callee), expr.arg);
    case "starred":
      throw new Error("a starred expression cannot survive parsing");
    default:
      return expr satisfies never;
  }
}

/** Nothing the calculator can spell is callable; the arguments are evaluated (and checked) first. */
function call(callee: PyValue, arg: CallArg | null): never {
  if (arg) {
    const value = evaluate(arg.value);
    if (arg.kind === "star" && value.type !== "tuple") {
      throw new PyException("TypeError", `${pyStr(callee)} argument after * must be an iterable, not ${typeName(value)}`);
    }
    if (arg.kind === "double_star") {
      throw new PyException("TypeError", `${pyStr(callee)} argument after ** must be a mapping, not ${typeName(value)}`);
    }
  }
  throw new PyException("TypeError", `'${typeName(callee)}' object is not callable`);
}
