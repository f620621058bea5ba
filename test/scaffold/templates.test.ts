import { describe, expect, it } from "vitest";
import { scaffoldFiles } from "../../src/scaffold/templates.js";

describe("scaffoldFiles", () => {
  it("writes a one-sided package with its own fixtures", () => {
    const files = scaffoldFiles({ name: "hotel_desk", dualSide: false });
    expect([...files.keys()]).toEqual([
      "package.json",
      "README.md",
      "index.js",
      "tools.js",
      "rules.js",
      "scenarios.js",
      "data/hotel_desk/db.json",
      "data/hotel_desk/scenarios.json",
      "data/hotel_desk/expected/close_request.json",
    ]);
    expect(JSON.parse(files.get("package.json") as string)).toEqual({ name: "hotel-desk", private: true, type: "module", description: "The hotel_desk domain for evalsim", main: "index.js" });
    const index = files.get("index.js") as string;
    expect(index.startsWith("// @ts-check\n")).toBe(true);
    expect(index).toContain('import { defineDomain } from "evalsim";');
    expect(index).toContain("tools: { agent: agentTools },");
    expect(index).not.toContain("userTools");
    // One policy rule, attached to the domain (its behaviour on the gold calls: test/examples/installed.test.ts runs the package).
    expect(index).toContain("  policyRules,\n");
    expect(files.get("rules.js")).toContain('id: "requests.close.look-up-first"');
    expect(files.get("rules.js")).toContain('@type {import("evalsim").PolicyRule[]}');
  });

  it("adds the caller's side, its DB and sync with --dual-side", () => {
    const files = scaffoldFiles({ name: "clinic", dualSide: true });
    expect(files.has("data/clinic/user_db.json")).toBe(true);
    expect(JSON.parse(files.get("data/clinic/user_db.json") as string)).toEqual({ app: { request_id: null, status: null } });
    const index = files.get("index.js") as string;
    expect(index).toContain("tools: { agent: agentTools, user: userTools },");
    expect(index).toContain("initFunctions: userInitFunctions,\n  sync,");
    expect(files.get("tools.js")).toContain('name: "check_request_in_app"');
  });

  it("writes JSON files as parseable, two-space indented text", () => {
    for (const [path, text] of scaffoldFiles({ name: "clinic", dualSide: true })) {
      if (!path.endsWith(".json")) continue;
      expect(text, path).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    }
  });
});
