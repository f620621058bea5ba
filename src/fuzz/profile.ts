/**
 * A domain's fuzz profile with every default filled in. A domain that
 * declares nothing gets generators from its tools' schemas alone and is
 * expected to write replayable `{action_type, name, arguments, result}` records.
 */
import type { z } from "zod";
import type { Domain } from "../engine/domain.js";
import type { FieldPath, ParityCrash, PlanHints } from "../engine/fuzz-profile.js";
import type { Side } from "../engine/types.js";

export interface DomainProfile {
  readonly schemas: Readonly<Partial<Record<Side, z.ZodType>>>;
  readonly resultSchemas: Readonly<Record<string, z.ZodType>>;
  readonly uncheckedFields: readonly FieldPath[];
  readonly records: "flat" | "tau2";
  readonly replayFromRecords: boolean;
  readonly hints: PlanHints;
  readonly parityCrashes: readonly ParityCrash[];
}

const profiles = new WeakMap<Domain, DomainProfile>();

export function profileOf(domain: Domain): DomainProfile {
  let p = profiles.get(domain);
  if (!p) {
    const f = domain.fuzz ?? {};
    const records = f.records ?? "tau2";
    p = {
      schemas: f.dbSchemas ?? domain.fixtures?.dbSchemas ?? {},
      resultSchemas: f.resultSchemas ?? {},
      uncheckedFields: f.uncheckedFields ?? [],
      records,
      replayFromRecords: f.replayFromRecords ?? records === "tau2",
      hints: { aliases: f.hints?.aliases ?? {}, shapes: f.hints?.shapes ?? {}, constants: f.hints?.constants ?? {} },
      parityCrashes: f.parityCrashes ?? [],
    };
    profiles.set(domain, p);
  }
  return p;
}
