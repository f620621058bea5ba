import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportCommand } from "../../../src/cli/commands/report.js";
import { UsageError } from "../../../src/cli/io.js";
import { commandContext } from "../../helpers/command-context.js";
import { evalsim, removeScratch, runFolder, scratch } from "../../run/run-helpers.js";

afterAll(removeScratch);

let run: string;
beforeAll(async () => {
  const out = scratch("report-cmd");
  expect((await evalsim(["run", "--scenarios", "tau2_retail__0", "--out", out])).code).toBe(0);
  run = runFolder(out);
});

describe("evalsim report", () => {
  it("writes RUN/report.html by default and prints its path and size", () => {
    const ctx = commandContext();
    expect(reportCommand([run], ctx)).toBe(0);
    const file = join(run, "report.html");
    const html = readFileSync(file);
    expect(ctx.io.stdout()).toBe(`${file} (${html.length} bytes)\n`);
    expect(html.toString("utf8")).toContain("tau2_retail__0");
  });

  it("--out names the file; --compare against itself gives the same bytes every time", () => {
    const dir = scratch("report-cmd-out");
    const a = join(dir, "a.html");
    const b = join(dir, "b.html");
    expect(reportCommand([run, "--compare", run, "--out", a], commandContext())).toBe(0);
    expect(reportCommand([run, "--compare", run, "--out", b], commandContext())).toBe(0);
    expect(readFileSync(a, "utf8")).toBe(readFileSync(b, "utf8"));
  });

  it("bad usage: no folder, two folders, a folder that is not a run", () => {
    expect(() => reportCommand([], commandContext())).toThrow(new UsageError("report needs one run folder (got 0)"));
    expect(() => reportCommand([run, run], commandContext())).toThrow(new UsageError("report needs one run folder (got 2)"));
    const empty = scratch("report-empty");
    mkdirSync(join(empty, "x"));
    expect(() => reportCommand([empty], commandContext())).toThrow(UsageError);
  });
});
