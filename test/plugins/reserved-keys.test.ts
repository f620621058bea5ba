/**
 * `__proto__`, `constructor` and `prototype` in evalsim.config.json would
 * replace an options object's prototype (or shadow its machinery) instead of
 * adding an entry: each is refused by name, with the file and the JSON path.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readConfig } from "../../src/plugins/config.js";
import { findReservedKey } from "../../src/json/reserved-keys.js";
import { tempDir } from "../helpers/temp-data.js";

const root = tempDir("evalsim-reserved-keys-");

async function configError(text: string, name: string): Promise<string> {
  const cwd = join(root, name);
  mkdirSync(cwd, { recursive: true });
  writeFileSync(join(cwd, "evalsim.config.json"), text);
  try {
    await readConfig(cwd);
  } catch (e) {
    return (e as Error).message;
  }
  return "no error";
}

describe("reserved keys in evalsim.config.json", () => {
  it.each([
    ['{"options": {"__proto__": {"json": true}}}', "options.__proto__"],
    ['{"options": {"run": {"constructor": "x"}}}', "options.run.constructor"],
    ['{"options": {"run": {"prototype": "x"}}}', "options.run.prototype"],
    ['{"__proto__": {"dataRoot": "/tmp"}}', "__proto__"],
  ])("%s is refused naming %s", async (text, path) => {
    const file = join(root, path.replace(/\W/g, "_"), "evalsim.config.json");
    expect(await configError(text, path.replace(/\W/g, "_"))).toBe(`${file}: ${path}: "${path.split(".").pop()}" is not allowed as a key (it names JavaScript's object machinery, not an option)`);
  });

  it("finds a reserved key at any depth, in lists too, and nothing in ordinary keys", () => {
    expect(findReservedKey(JSON.parse('{"a": [{"b": 1}, {"__proto__": 2}]}'))).toBe("a[1].__proto__");
    expect(findReservedKey({ proto: 1, constructors: [1], prototypes: { x: null } })).toBeUndefined();
  });
});
