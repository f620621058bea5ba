import { z } from "zod";
import { describe, expect, it } from "vitest";
import { errorLine } from "../../src/engine/error-text.js";

describe("errorLine", () => {
  it("gives a ZodError as each issue's path and message on one line", () => {
    const parsed = z.object({ rows: z.array(z.object({ id: z.string() })), n: z.number() }).safeParse({ rows: [{ id: 1 }], n: "x" });
    expect(parsed.success).toBe(false);
    expect(errorLine(parsed.error)).toBe("ZodError: rows[0].id: Invalid input: expected string, received number; n: Invalid input: expected number, received string");
    expect(errorLine(z.string().safeParse(3).error)).toBe("ZodError: (top): Invalid input: expected string, received number");
  });

  it("folds line breaks, and names the error's class unless the message already does", () => {
    expect(errorLine(new Error("first line\n   second line\n"))).toBe("first line second line");
    expect(errorLine(new TypeError("x is not a function"))).toBe("TypeError: x is not a function");
    expect(errorLine(new SyntaxError("SyntaxError: bad"))).toBe("SyntaxError: bad");
    expect(errorLine("a thrown string")).toBe("a thrown string");
  });
});
