import { describe, expect, it } from "vitest";
import { commandLine, pluginArgs, shellWord } from "../../src/run/resume-command.js";

describe("the printed resume command", () => {
  it("quotes only the words a POSIX shell would split or expand", () => {
    expect(shellWord("/runs/eval_20300102_030405")).toBe("/runs/eval_20300102_030405");
    expect(shellWord("/my runs/it's")).toBe(`'/my runs/it'\\''s'`);
    expect(shellWord("$HOME")).toBe("'$HOME'");
  });

  it("carries one --domains per plugin module, after the run folder", () => {
    expect(commandLine(["run", "--resume", "/r/eval_1", ...pluginArgs(["/p/a.js", "/p/b c.js"])])).toBe("evalsim run --resume /r/eval_1 --domains /p/a.js --domains '/p/b c.js'");
    expect(pluginArgs([])).toEqual([]);
  });
});
