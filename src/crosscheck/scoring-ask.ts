/**
 * One request to the reference's scoring code (python/crosscheck_reference_scoring.py):
 * a driver failure stops the crosscheck with the driver's trace; a piece of
 * scoring the checkout lacks comes back as `missing`, which the family
 * reports as not compared.
 */
import type { JsonObject } from "../json/types.js";
import type { Reference, ScoringRequest } from "./reference-process.js";
import { ReferenceFailedError } from "./reference-process.js";

/** What one part of the scoring family compared: how many values, how many differ, or why it was not compared. */
export interface PartTally {
  compared: number;
  differing: number;
  missing?: string;
}

export type ScoringReply = { readonly missing: string } | { readonly missing?: undefined; readonly body: JsonObject };

export async function askScoring(reference: Reference, req: ScoringRequest): Promise<ScoringReply> {
  const answer = (await reference.ask(req)) as unknown as JsonObject;
  if (typeof answer["fatal"] === "string") throw new ReferenceFailedError(`reference driver failed ${req.op}: ${answer["fatal"]}\n${typeof answer["trace"] === "string" ? answer["trace"] : ""}`);
  if (typeof answer["missing"] === "string") return { missing: answer["missing"] };
  return { body: answer };
}
