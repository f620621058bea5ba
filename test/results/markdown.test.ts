import { describe, expect, it } from "vitest";
import { cell, pct, rateCell, table } from "../../src/results/markdown.js";

describe("Markdown cells and tables", () => {
  it("a rate cell shows percent and the tally; N/A when nothing was counted; empty when absent", () => {
    expect(rateCell({ passed: 7, n: 40, unit: "trials", rate: 0.175 })).toBe("17.5% (7/40)");
    expect(rateCell({ passed: 0, n: 0, unit: "trials", rate: null })).toBe("N/A");
    expect(rateCell(undefined)).toBe("");
    expect(pct(1)).toBe("100.0%");
  });

  it("escapes what would end a cell or a row, and HTML openers", () => {
    expect(cell("a|b")).toBe("a\\|b");
    expect(cell("one\r\ntwo\nthree")).toBe("one two three");
    expect(cell("<details>")).toBe("&lt;details>");
    expect(cell("back\\slash")).toBe("back\\\\slash");
  });

  it("right-aligns columns whose every cell is a figure, never the first column", () => {
    expect(table(["domain", "trials", "success", "note"], [["a", "3", "17.5% (7/40)", "x"], ["b", "12", "N/A", "1"]])).toEqual([
      "| domain | trials | success | note |",
      "| --- | ---: | ---: | --- |",
      "| a | 3 | 17.5% (7/40) | x |",
      "| b | 12 | N/A | 1 |",
    ]);
    expect(table(["n", "cost"], [["1", "$0.0012"]])[1]).toBe("| --- | ---: |");
  });
});
