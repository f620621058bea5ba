import { describe, expect, it } from "vitest";
import { NAME_COLUMN, nameRows } from "../../src/results/name-lines.js";

describe("nameRows", () => {
  it("pads names to the longest one that fits the column", () => {
    expect(nameRows([{ prefix: "  ", name: "a__1", text: "why one" }, { prefix: "  ", name: "a__10", text: "" }])).toEqual(["  a__1   why one", "  a__10"]);
  });

  it("gives a name longer than the column a line of its own, its text under the column", () => {
    const long = "t".repeat(NAME_COLUMN + 1);
    expect(nameRows([{ prefix: "- ", name: "short", text: "x" }, { prefix: "- ", name: long, text: "why" }])).toEqual(["- short  x", `- ${long}`, "         why"]);
  });

  it("wraps text under its column at the terminal width, and leaves it whole without one", () => {
    const row = { prefix: "", name: "s1", text: "alpha beta gamma delta epsilon zeta eta theta" };
    expect(nameRows([row], { columns: 30 })).toEqual(["s1  alpha beta gamma delta", "    epsilon zeta eta theta"]);
    expect(nameRows([row])).toEqual(["s1  alpha beta gamma delta epsilon zeta eta theta"]);
  });
});
