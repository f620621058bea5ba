/**
 * `CalculateTool`, shared by the tau2 airline and retail agents. The reference
 * evaluates the text as a Python expression (after a character allow-list), so
 * the answer, including every error message, follows CPython 3.11: integers are
 * exact, `/` is true division, `**` may produce complex numbers, and a failing
 * expression reports the Python exception text.
 */
import { z } from "zod";
import { pyStr } from "../../engine/binding/lax.js";
import { defineTool } from "../../engine/types.js";
import { evaluateCalculatorExpression } from "../../python/expr/evaluate.js";
import { pyFloatStr } from "../../python/float.js";
import type { JsonObject } from "../../json/types.js";

const DESCRIPTION =
  "Calculate the result of a mathematical expression. The expression can contain numbers, " +
  "operators (+, -, *, /), parentheses, and spaces.";

const EXPRESSION_DESCRIPTION =
  "The mathematical expression to calculate, such as '2 + 2'. The expression can contain numbers, " +
  "operators (+, -, *, /), parentheses, and spaces.";

/** The reference's allow-list; anything else is refused before evaluating. */
const ALLOWED_TEXT = /^[0-9+\-*/(). ]*$/;

/** The CalculateTool result for an expression. */
export function calculatorResult(expression: string): JsonObject {
  if (!ALLOWED_TEXT.test(expression)) {
    return { status: "error", error_type: "value_error", message: "Invalid characters in expression" };
  }
  const outcome = evaluateCalculatorExpression(expression);
  if (!outcome.ok) return { status: "error", error_type: "value_error", message: `Invalid expression: ${outcome.message}` };
  return { status: "success", result: pyFloatStr(outcome.value) };
}

export const calculateTool = defineTool({
  name: "CalculateTool",
  actionName: "calculate",
  description: DESCRIPTION,
  args: z.object({ expression: pyStr().describe(EXPRESSION_DESCRIPTION) }),
  kind: "read",
  needsDb: false,
  run: (_db, args) => calculatorResult(args.expression),
});
