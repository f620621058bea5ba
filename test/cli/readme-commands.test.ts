/** The one "Commands" table of docs/commands.md lists every command of the CLI's command table, and nothing else. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/cli/main.js";

const README = readFileSync(new URL("../../docs/commands.md", import.meta.url), "utf8");

/** The rows of the table under `## Commands`, up to the next heading. */
function commandRows(): string[] {
  const start = README.indexOf("\n## Commands\n");
  expect(start).toBeGreaterThan(0);
  const rest = README.slice(start + 1);
  const end = rest.slice(1).search(/\n#{2,3} /);
  return rest
    .slice(0, end < 0 ? undefined : end + 1)
    .split("\n")
    .filter((l) => l.startsWith("| `evalsim"));
}

/** The command words a row's first cell names (`evalsim NAME ...` in backticks; a bare `evalsim` is the default command). */
function namesIn(row: string): string[] {
  const cell = row.split(/(?<!\\)\|/)[1] ?? "";
  return [...cell.matchAll(/`evalsim(?: ([a-z][a-z-]*))?[^`]*`/g)].flatMap((m) => (m[1] === undefined ? [] : [m[1]]));
}

describe("docs/commands.md Commands table", () => {
  it("has exactly one Commands section", () => {
    expect(README.match(/^#+ Commands$/gm)).toEqual(["## Commands"]);
  });

  it("has a row for every command in the command table and no row for a command that does not exist", () => {
    const rows = commandRows();
    const documented = rows.flatMap(namesIn);
    const known = COMMANDS.map((c) => c.name);
    expect([...new Set(documented)].sort()).toEqual([...known].sort());
    // One row per command: none is listed twice.
    expect(documented.length).toBe(new Set(documented).size);
  });
});
