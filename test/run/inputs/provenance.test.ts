import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Domain } from "../../../src/engine/domain.js";
import { dataDigest, evalsimVersion } from "../../../src/run/inputs/provenance.js";

describe("provenance", () => {
  it("evalsim's version is the package's", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { version: string };
    expect(evalsimVersion()).toBe(pkg.version);
  });

  it("a domain without a fixture folder digests an empty file list, one line per domain in name order", () => {
    const bare = (name: string): Domain => ({ name }) as unknown as Domain;
    // python3: hashlib.sha256(b"\n").hexdigest()
    const empty = "01ba4719c80b6fe911b091a7c05124b64eeece964e09c058ef8f9805daca546b";
    const digest = dataDigest([bare("zeta"), bare("alpha")], {});
    expect(digest).toEqual({ alpha: empty, zeta: empty });
    expect(Object.keys(digest)).toEqual(["alpha", "zeta"]);
  });
});
