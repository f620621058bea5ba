import { FixtureError, readDbArtifact, type DbArtifact } from "../../loaders/load-db.js";
import type { AddFinding } from "./findings.js";

/** `readDbArtifact`, with a missing or unparsable artifact reported instead of thrown. */
export function readDbOrReport(stem: string, add: AddFinding): DbArtifact | undefined {
  try {
    return readDbArtifact(stem);
  } catch (e) {
    if (!(e instanceof FixtureError)) throw e;
    add({ severity: "error", file: e.file, ...(e.jsonPath ? { path: e.jsonPath } : {}), message: e.detail });
    return undefined;
  }
}
