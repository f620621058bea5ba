import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readConfig } from "../../src/plugins/config.js";
import { PluginError } from "../../src/plugins/load.js";

const root = mkdtempSync(join(tmpdir(), "evalsim-plugin-config-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
/** A fresh working directory holding the given files. */
function cwdWith(files: Record<string, string>): string {
  const dir = join(root, `cwd${n++}`);
  mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe("readConfig", () => {
  it("finds nothing in a folder without a config file", async () => {
    expect(await readConfig(cwdWith({}))).toBeUndefined();
  });

  it("resolves paths against the file's folder and keeps the option defaults", async () => {
    const cwd = cwdWith({ "evalsim.config.json": JSON.stringify({ domains: ["./lib/index.js", "!builtin"], dataRoot: "data", options: { run: { trials: 3, agent: "llm", strict: true, scenarios: ["a", "b"] } } }) });
    expect(await readConfig(cwd)).toEqual({
      file: join(cwd, "evalsim.config.json"),
      domains: [join(cwd, "lib", "index.js")],
      builtin: false,
      dataRoot: join(cwd, "data"),
      options: { run: { trials: 3, agent: "llm", strict: true, scenarios: ["a", "b"] } },
    });
  });

  it("takes the first of .js, .mjs, .json and reads a module's default export", async () => {
    const cwd = cwdWith({ "evalsim.config.mjs": "export default { domains: ['./d.js'] };\n", "evalsim.config.json": "{}" });
    expect(await readConfig(cwd)).toEqual({ file: join(cwd, "evalsim.config.mjs"), domains: [join(cwd, "d.js")], options: {} });
  });

  it("refuses a bad shape with one line naming the file and the field", async () => {
    const bad = async (value: unknown) => {
      const cwd = cwdWith({ "evalsim.config.json": JSON.stringify(value) });
      const e = await readConfig(cwd).catch((err: unknown) => err);
      expect(e).toBeInstanceOf(PluginError);
      return (e as Error).message.replace(join(cwd, "evalsim.config.json"), "FILE");
    };
    expect(await bad([1])).toBe("FILE: expected an object {domains?, dataRoot?, options?}");
    expect(await bad({ domain: [] })).toBe("FILE: domain: no such field (expected domains, dataRoot, options)");
    expect(await bad({ domains: "./a.js" })).toBe('FILE: domains: expected a list of module paths (and "!builtin" to leave the built-in domains out)');
    expect(await bad({ dataRoot: "" })).toBe("FILE: dataRoot: expected a directory path");
    expect(await bad({ options: [] })).toBe("FILE: options: expected an object {command: {option: value}}, got a list");
    expect(await bad({ options: { run: { trials: null } } })).toBe("FILE: options.run.trials: expected a string, number, true/false or a list of strings, got null");
  });

  it("refuses a file that is not JSON, naming it", async () => {
    const cwd = cwdWith({ "evalsim.config.json": "{ nope" });
    await expect(readConfig(cwd)).rejects.toThrow(join(cwd, "evalsim.config.json"));
  });
});
