/**
 * What property testing (`evalsim fuzz`) needs to know about a domain beyond
 * its tools' schemas and its DBs. Every field is optional: a domain that
 * declares nothing is fuzzed with generators read from its tools' schemas,
 * ids drawn from its scenarios' DBs, and records expected in the replayable
 * `{action_type, name, arguments, result}` shape.
 */
import type { z } from "zod";
import type { JsonValue } from "../json/types.js";
import type { Side, ToolCall } from "./types.js";

/** What one argument field looks like (read from the tool's JSON schema, or declared in `hints.shapes`). */
export interface FieldSpec {
  readonly name: string;
  /** JSON schema types ("string", "integer", ...); empty when anything goes. */
  readonly types: readonly string[];
  readonly required: boolean;
  /** Enum members plus literals quoted or listed in the description. */
  readonly literals: readonly JsonValue[];
  readonly items?: FieldSpec;
  readonly properties?: readonly FieldSpec[];
}

/** How a domain's argument names map onto its DB fields, beyond "same field name". */
export interface PlanHints {
  /** Field name → pool sources: a field name, `keys:<field>` for the keys of objects under that field, `linked:<source>` to skip the anchor record. */
  readonly aliases: Readonly<Record<string, readonly string[]>>;
  /** Field name → a spec to use instead of the tool schema's (free-form objects). */
  readonly shapes: Readonly<Record<string, FieldSpec>>;
  /** Field name → extra literals worth trying. */
  readonly constants: Readonly<Record<string, readonly JsonValue[]>>;
}

/**
 * A crash the Python reference has too (its tool raises on the same input),
 * kept for parity: the fuzzer does not count it as a violation.
 */
export interface ParityCrash {
  readonly tool: string;
  readonly message: RegExp;
  readonly why: string;
  readonly example: { readonly scenario: string; readonly calls: readonly ToolCall[]; readonly error: string };
}

/** A field path whose format the domain's tools store unchecked (`*` matches any key or index). */
export type FieldPath = readonly string[];

/** What a domain tells the fuzzer beyond its tools' schemas: DB and result schemas, argument aliases, the record shape. */
export interface FuzzProfile {
  /** The schema each side's DB must keep satisfying after any calls (default: the fixture declaration's `dbSchemas`). */
  readonly dbSchemas?: Readonly<Partial<Record<Side, z.ZodType>>>;
  /** The schema a successful result of a tool (by LLM name) must satisfy. */
  readonly resultSchemas?: Readonly<Record<string, z.ZodType>>;
  /** Fields the tools store without checking their format, so the DB schema's format does not bind there. */
  readonly uncheckedFields?: readonly FieldPath[];
  /** `tau2` (default): `{action_type, name, arguments, result}`; `flat`: `{action_type, ...}` (eva). */
  readonly records?: "flat" | "tau2";
  /** Whether replaying the records by `name` and `arguments` rebuilds the DB (default: records are `tau2`). */
  readonly replayFromRecords?: boolean;
  readonly hints?: Partial<PlanHints>;
  readonly parityCrashes?: readonly ParityCrash[];
}
