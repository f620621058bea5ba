/**
 * The reference's tests/unit/test_eval_registry_and_restaurant_tools.py,
 * the registry case: a domain's scenarios are listed and found by name, an
 * unknown name is not found. (The restaurant tool and the class-type check
 * are not applicable.)
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../../src/engine/catalog.js";
import { createRegistry } from "../../src/engine/registry.js";
import { tinyDomain } from "../helpers/tiny-domain.js";

const root = mkdtempSync(join(tmpdir(), "ref-registry-"));
mkdirSync(join(root, "unit_registry"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("scenario registry", () => {
  it("test_register_eval_scenario_lists_and_instantiates_registered_class", () => {
    const catalog = loadCatalog(createRegistry([tinyDomain("unit_registry")]), { flag: root });
    expect(catalog.entries.map((e) => e.scenario.name)).toEqual(["unit_registry__one", "unit_registry__two"]);
    expect(catalog.byName.get("unit_registry__one")?.scenario.domain).toBe("unit_registry");
    expect(catalog.byName.get("missing")).toBeUndefined();
  });
});
