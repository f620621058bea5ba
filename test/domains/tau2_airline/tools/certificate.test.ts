/** SendCertificateTool answer as the reference does: the reference cases of these tools (see replay-reference.ts). */
import { describe, it } from "vitest";
import { casesNamed, replayReferenceCase } from "../replay-reference.js";

describe("certificate: reference cases", () => {
  it.each(casesNamed(
    "certificates use three fixed ids",
  ))("%s", (_name, c) => replayReferenceCase(c));
});
