/**
 * `CalculateTool`, shared by the tau2 airline and retail agents. The reference
 * evaluates the text as a Python expression (after a character allow-list), so
 * the answer, including every error message, follows CPython 3.11: integers are
 * exact, `/` is true division, `**` may produce complex numbers, and a failing
 * expression reports the Python exception text.
 */
import { z } from "zod";
import { pyStr } from "../../engine/lax.js";
import { defineTool } from "../../engine/types.js";
import { calculatorResult } from "./python-expr/evaluate.js";

const DESCRIPTION =
  "Calculate the result of a mathematical expression. The expression can contain numbers, " +
  "operators (+, -, *, /), parentheses, and spaces.";

const EXPRESSION_DESCRIPTION =
  "The mathematical expression to calculate, such as '2 + 2'. The expression can contain numbers, " +
  "operators (+, -, *, /), parentheses, and spaces.";

export const calculateTool = defineTool({
  name: "CalculateTool",
  actionName: "calculate",
  description: DESCRIPTION,
  args: z.object({ expression: pyStr().describe(EXPRESSION_DESCRIPTION) }),
  kind: "read",
  needsDb: false,
  run: (_db, args) => calculatorResult(args.expression),
});
