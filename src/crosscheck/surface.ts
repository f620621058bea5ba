/**
 * The surface family: what the model reads before any tool runs. Per
 * scenario the driver builds, with the harness's own scenario classes and
 * tool registry (as its bot server does), both prompts and both tool lists
 * the bridge sends. Tool lists are compared with evalsim's (`prompts
 * export`), spec by spec. Prompts are checked against evalsim's record of
 * the reference's prompts (surface-pin.ts): evalsim words its own built-in
 * prompts, so a reference prompt line the record does not know is the finding.
 */
import type { Catalog } from "../engine/catalog.js";
import type { Domain } from "../engine/domain.js";
import type { PackEntry } from "../engine/prompt-pack.js";
import { buildPromptPack } from "../engine/prompt-pack.js";
import { toJsonText } from "../json/stringify.js";
import type { JsonObject } from "../json/types.js";
import type { FindingSet } from "./findings.js";
import type { Reference } from "./reference-process.js";
import { ReferenceFailedError } from "./reference-process.js";
import type { SurfacePin } from "./surface-pin.js";
import { bucketOf, checkPrompt, PROMPT_FIELDS } from "./surface-pin.js";

export interface SurfaceTally {
  scenarios: number;
  /** Scenarios with at least one difference. */
  differing: number;
}

const TOOL_FIELDS = ["agent_tools", "user_tools"] as const;
const nameOf = (t: JsonObject): string => String((t["function"] as JsonObject | undefined)?.["name"]);

/** The reference's bridge texts for the buckets of `names` (scenario name → pack entry). */
export async function referenceSurface(reference: Reference, buckets: readonly string[]): Promise<Record<string, PackEntry>> {
  const answer = (await reference.ask({ id: 0, op: "surface", buckets })) as unknown as { scenarios?: Record<string, PackEntry>; fatal?: string; trace?: string };
  if (answer.fatal || !answer.scenarios) throw new ReferenceFailedError(`reference driver failed building the prompts: ${answer.fatal ?? "no scenarios"}\n${answer.trace ?? ""}`);
  return answer.scenarios;
}

export async function runSurfaceFamily(domains: readonly Domain[], catalog: Catalog, reference: Reference, findings: FindingSet, pin: SurfacePin | undefined): Promise<Record<string, SurfaceTally>> {
  const names = new Set(domains.map((d) => d.name));
  const ours = buildPromptPack(catalog.entries.filter((e) => names.has(e.domain.name))).scenarios;
  const buckets = [...new Set(Object.keys(ours).map(bucketOf))];
  const theirs = await referenceSurface(reference, buckets);
  const out: Record<string, SurfaceTally> = {};
  for (const scenario of [...new Set([...Object.keys(ours), ...Object.keys(theirs)])]) {
    const bucket = bucketOf(scenario);
    const tally = (out[bucket] ??= { scenarios: 0, differing: 0 });
    tally.scenarios++;
    const before = findings.size();
    const add = (key: string, reference: unknown, evalsim: unknown): void => findings.add("surface", `${bucket} ${key}`, bucket, { scenario, calls: [], reference, evalsim });
    const r = theirs[scenario];
    const o = ours[scenario];
    if (!r || !o) add(r ? "scenario: not an evalsim scenario" : "scenario: missing from the reference", r ? "present" : null, o ? "present" : null);
    if (r && o) {
      for (const field of TOOL_FIELDS) {
        const mine = new Map(o[field].map((t) => [nameOf(t), toJsonText(t)]));
        const their = new Map(r[field].map((t) => [nameOf(t), toJsonText(t)]));
        for (const tool of [...new Set([...their.keys(), ...mine.keys()])]) {
          const a = their.get(tool);
          const b = mine.get(tool);
          if (a === b) continue;
          const what = a === undefined ? "only in evalsim" : b === undefined ? "only in the reference" : "spec differs";
          add(`${field} ${tool}: ${what}`, a === undefined ? null : (JSON.parse(a) as unknown), b === undefined ? null : (JSON.parse(b) as unknown));
        }
        const order = (m: Map<string, string>, other: Map<string, string>): string => [...m.keys()].filter((k) => other.has(k)).join(",");
        if (order(their, mine) !== order(mine, their)) add(`${field}: tools in another order`, [...their.keys()], [...mine.keys()]);
      }
    }
    if (r && pin) {
      for (const field of PROMPT_FIELDS) {
        const c = checkPrompt(pin, scenario, field, r[field]);
        if (c.kind === "new-line") add(`${field}: a line evalsim's record of the reference does not hold`, { line: c.line, text: c.text }, { pinned: pin.reference });
        else if (c.kind === "lines-moved") add(`${field}: lines removed or reordered`, { lines: c.lines }, { pinned: pin.reference });
        else if (c.kind === "unpinned-scenario") add(`${field}: scenario not in evalsim's record of the reference`, "present", { pinned: pin.reference });
      }
    }
    if (findings.size() > before) tally.differing++;
  }
  return out;
}
