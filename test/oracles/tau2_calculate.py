"""Oracle for the tau2 CalculateTool: the reference's evaluation, line for line.

Reads one JSON string per line on stdin and prints the tool's result dict as
JSON per line. `eval` is called two frames below module level, as in the test's
expectations (the compiler's recursion budget depends on the stack depth).
"""
import json
import sys
import warnings

warnings.simplefilter("ignore")


def calculate(expression):
    if not all(char in "0123456789+-*/(). " for char in expression):
        return {"status": "error", "error_type": "value_error", "message": "Invalid characters in expression"}
    try:
        result = round(float(eval(expression, {"__builtins__": None}, {})), 2)
    except Exception as e:
        return {"status": "error", "error_type": "value_error", "message": f"Invalid expression: {e}"}
    return {"status": "success", "result": str(result)}


def main():
    out = []
    for line in sys.stdin:
        if line.strip():
            out.append(json.dumps(calculate(json.loads(line))))
    sys.stdout.write("\n".join(out) + "\n")


main()
