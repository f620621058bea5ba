import { describe, expect, it } from "vitest";
import { ImportError, IMPORT_FORMATS } from "../../src/import/types.js";

describe("import types", () => {
  it("reads the three formats the command's help names, in that order", () => {
    expect(IMPORT_FORMATS).toEqual(["nemo", "tau2", "eva"]);
  });

  it("an ImportError is an Error with its own name and the one-line message", () => {
    const e = new ImportError("runs/x: no NeMo run here");
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe("ImportError");
    expect(e.message).toBe("runs/x: no NeMo run here");
    expect(String(e)).toBe("ImportError: runs/x: no NeMo run here");
  });
});
