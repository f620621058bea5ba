/**
 * validationErrorMessage: `str(pydantic.ValidationError)`. Expected texts are
 * pydantic 2.13's, for a model `GetCustomerByIdParams(customer_id: str,
 * limit: int = 1)` with `extra="forbid"`, fed the inputs shown.
 */
import { describe, expect, it } from "vitest";
import { invalidArguments, validationErrorMessage } from "../../../src/domains/tau2_telecom/validation-message.js";

const URL = "For further information visit https://errors.pydantic.dev/2.13/v/";
const TITLE = "GetCustomerByIdParams";

describe("validationErrorMessage", () => {
  it("declared fields first, unexpected keys after, whatever order the errors came in", () => {
    // Input {"extra": "x", "limit": "abc"}.
    const errors = [
      { loc: ["extra"], type: "extra_forbidden", msg: "Extra inputs are not permitted", input: "x" },
      { loc: ["customer_id"], type: "missing", msg: "Field required", input: { extra: "x", limit: "abc" } },
      { loc: ["limit"], type: "int_parsing", msg: "Input should be a valid integer, unable to parse string as an integer", input: "abc" },
    ];
    expect(validationErrorMessage(TITLE, errors)).toBe(
      "3 validation errors for GetCustomerByIdParams\n" +
        "customer_id\n  Field required [type=missing, input_value={'extra': 'x', 'limit': 'abc'}, input_type=dict]\n" +
        `    ${URL}missing\n` +
        "limit\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='abc', input_type=str]\n" +
        `    ${URL}int_parsing\n` +
        "extra\n  Extra inputs are not permitted [type=extra_forbidden, input_value='x', input_type=str]\n" +
        `    ${URL}extra_forbidden`,
    );
  });

  it("puts a dotted key in backticks and says 'error' for one", () => {
    expect(validationErrorMessage(TITLE, [{ loc: ["other.key"], type: "extra_forbidden", msg: "Extra inputs are not permitted", input: 1 }])).toBe(
      "1 validation error for GetCustomerByIdParams\n`other.key`\n  Extra inputs are not permitted [type=extra_forbidden, input_value=1, input_type=int]\n" +
        `    ${URL}extra_forbidden`,
    );
  });

  it("shortens a long input to its first 25 and last 24 UTF-8 bytes, cut at character boundaries", () => {
    const message = validationErrorMessage(TITLE, [
      { loc: ["limit"], type: "int_parsing", msg: "Input should be a valid integer, unable to parse string as an integer", input: "é".repeat(40) },
    ]);
    expect(message).toContain(`input_value='${"é".repeat(12)}...${"é".repeat(11)}', input_type=str]`);
  });

  it("prints a float input as Python does", () => {
    const message = validationErrorMessage(TITLE, [
      { loc: ["limit"], type: "int_from_float", msg: "Input should be a valid integer, got a number with a fractional part", input: 2.5, inputIsFloat: true },
    ]);
    expect(message).toContain("[type=int_from_float, input_value=2.5, input_type=float]");
  });
});

describe("invalidArguments", () => {
  it("wraps the message as the telecom tools' invalid_arguments error", () => {
    const e = { loc: ["customer_id"], type: "missing", msg: "Field required", input: {} };
    expect(invalidArguments(TITLE, [e])).toEqual({ status: "error", error_type: "invalid_arguments", message: validationErrorMessage(TITLE, [e]) });
    expect(invalidArguments(TITLE, [e]).message.split("\n")[2]).toBe("  Field required [type=missing, input_value={}, input_type=dict]");
  });
});
