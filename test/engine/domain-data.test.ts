/**
 * Where a domain's data is read from (src/engine/domain-data.ts): its own
 * data root when it declares one, else the shared root that holds its
 * folder; a domain without fixtures needs no data root at all.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Domain } from "../../src/engine/domain.js";
import { domainDir, domainFolder, domainRoot, resolveDomainRoot } from "../../src/engine/domain-data.js";
import { DataRootError } from "../../src/loaders/data-root.js";
import { tinyDomain } from "../helpers/tiny-domain.js";

const root = mkdtempSync(join(tmpdir(), "evalsim-domain-data-"));
mkdirSync(join(root, "shop"));
mkdirSync(join(root, "stock"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const plain = tinyDomain("shop");
const withFixtures: Domain = { ...plain, fixtures: { files: [] } };
const renamed: Domain = { ...plain, fixtures: { files: [], folder: "stock" } };
const own: Domain = { ...plain, fixtures: { files: [], dataRoot: "/elsewhere" } };

describe("a domain's folder and root", () => {
  it("the folder is the declared one, else the domain's name", () => {
    expect(domainFolder(plain)).toBe("shop");
    expect(domainFolder(renamed)).toBe("stock");
  });

  it("an own data root replaces the shared one", () => {
    expect(domainRoot(own, root)).toBe("/elsewhere");
    expect(domainRoot(withFixtures, root)).toBe(root);
    expect(domainDir(own, root)).toBe(join("/elsewhere", "shop"));
    expect(domainDir(renamed, root)).toBe(join(root, "stock"));
  });
});

describe("resolveDomainRoot", () => {
  it("takes the domain's own root even when a shared one is given", () => {
    expect(resolveDomainRoot(own, { flag: root })).toBe("/elsewhere");
  });

  it("takes a given root that holds the domain's folder", () => {
    expect(resolveDomainRoot(withFixtures, { flag: root })).toBe(root);
    expect(resolveDomainRoot(renamed, { flag: root })).toBe(root);
  });

  it("refuses a given root without the domain's folder, naming the folder", () => {
    const mall: Domain = { ...withFixtures, name: "mall" };
    expect(() => resolveDomainRoot(mall, { flag: root })).toThrow(DataRootError);
    expect(() => resolveDomainRoot(mall, { flag: root })).toThrow(/'mall'/);
  });

  it("a domain without fixtures takes the shared root, or the working directory when there is none", () => {
    expect(resolveDomainRoot(plain, { flag: root })).toBe(root);
    expect(resolveDomainRoot(plain, { flag: join(root, "missing") })).toBe(process.cwd());
  });
});
