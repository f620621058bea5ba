import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ciOutputsOf, outputsLine, writeCiOutputs } from "../../src/cli/results-output.js";

const dir = mkdtempSync(join(tmpdir(), "evalsim-results-output-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("CI outputs", () => {
  it("come from the --junit and --markdown values", () => {
    expect(ciOutputsOf({ junit: "j.xml", other: 1 })).toEqual({ junit: "j.xml", markdown: undefined });
  });

  it("render and write only the files asked for", () => {
    const made: string[] = [];
    const junit = join(dir, "j.xml");
    writeCiOutputs({ junit }, { junit: () => (made.push("junit"), "<testsuites/>"), markdown: () => (made.push("markdown"), "# r") });
    expect(made).toEqual(["junit"]);
    expect(readFileSync(junit, "utf8")).toBe("<testsuites/>");
  });
});

describe("outputsLine", () => {
  it("says where the outputs are and how to see them", () => {
    expect(outputsLine("out/eval_1")).toBe("\noutputs are in out/eval_1\nsee them in a browser: evalsim report out/eval_1\n");
  });

  it("names the CI files and quotes a folder the shell would split", () => {
    const text = outputsLine("/r/my run's", { junit: "/ci/j.xml", markdown: "/ci/m.md" });
    expect(text).toBe("\noutputs are in /r/my run's (and JUnit /ci/j.xml, Markdown /ci/m.md)\nsee them in a browser: evalsim report '/r/my run'\\''s'\n");
  });
});
