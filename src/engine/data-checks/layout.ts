/**
 * What a domain declares about its fixture folder: the files and their
 * schemas, the ids its calls name, and any checks of its own. The loaders,
 * `validate-fixtures` and the property tests read these declarations; none
 * of them keeps a list of domains.
 */
import type { z } from "zod";
import type { JsonObject } from "../../json/types.js";
import type { JsonPath } from "../../loaders/schema-check.js";
import type { Side } from "../types.js";
import type { RefDbs, RefRules } from "./reference-rules.js";
import type { Check, Severity, ValidationContext } from "./types.js";
import type { AddFinding } from "./findings.js";

/** One file, or one family of files, of a domain's folder; paths are relative to it. */
export type DataFile =
  /** A JSON document; with `element`, an array checked item by item first (each failing item is reported). */
  | { readonly kind: "json"; readonly path: string; readonly schema: z.ZodType; readonly element?: z.ZodType }
  /** JSON lines (blank lines skipped); `uniqueKey` names a field no two lines may share. */
  | { readonly kind: "json-lines"; readonly path: string; readonly schema: z.ZodType; readonly uniqueKey?: string }
  /** YAML 1.1 as the reference reads it, JSON-shaped values only. */
  | { readonly kind: "yaml"; readonly path: string; readonly schema: z.ZodType }
  /** A DB: `<path>.json`, or a directory `<path>/` of one JSON file per top-level key. */
  | { readonly kind: "db"; readonly path: string; readonly schema: z.ZodType }
  /** Every file whose name matches `pattern` (at least one must exist); `what` names them in the finding. */
  | { readonly kind: "json-each"; readonly pattern: RegExp; readonly what: string; readonly schema: z.ZodType };

/** One call an id check looks at: where it sits in its file and what it names. */
export interface ReferencedCall {
  readonly path: JsonPath;
  readonly name: string;
  readonly args: JsonObject;
}

/**
 * The calls of one task or trajectory, in the order they run: an id one of
 * them creates resolves for the calls after it.
 */
export interface ReferenceGroup {
  readonly file: string;
  /** Starts each finding's message: `task "12"`, `gold 2.1.1`. */
  readonly label: string;
  readonly dbs: RefDbs;
  readonly calls: readonly ReferencedCall[];
  /** Upstream data is graded `warning` (excusable by a known divergence); evalsim's own data `error`. */
  readonly severity: Severity;
  /** Warnings get the defect id `<defectPrefix>:<table>:<id>`. */
  readonly defectPrefix?: string;
  readonly scenario?: string;
}

/** How `validate-fixtures` checks that the ids a domain's tasks and gold calls name exist. */
export interface ReferenceSpec {
  /** The rule of each tool, init function or predicate that names ids. */
  readonly rules: RefRules;
  /** The groups of calls to check, read from `dir` (the domain's folder); unreadable files are reported through `add`. */
  groups(ctx: ValidationContext, dir: string, add: AddFinding): ReferenceGroup[];
}

/** A domain's fixture layout: its folder under the data root, its files and their schemas, for loading and `validate-fixtures`. */
export interface DomainFixtures {
  /** The folder under the data root; default: the domain's name. */
  readonly folder?: string;
  /**
   * A data root of the domain's own (a plugin that ships its data), used
   * instead of the shared one (`--data-root`, `EVAL_DATA_ROOT`, ...).
   */
  readonly dataRoot?: string;
  readonly files: readonly DataFile[];
  /** The schema each side's DB fits, for generated DBs and property tests. */
  readonly dbSchemas?: Readonly<Partial<Record<Side, z.ZodType>>>;
  readonly references?: ReferenceSpec;
  readonly checks?: readonly Check[];
}
