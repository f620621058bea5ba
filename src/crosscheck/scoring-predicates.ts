/**
 * The DB-state predicates: each scenario's `db_state_assertions` judged by
 * the reference's `evaluate_db_state_assertion` (on the reference's own
 * assertion list, read from its scenario class) beside evalsim's
 * `evaluateAssertions` (on evalsim's list), on two real states: the
 * scenario's starting DBs (most assertions fail there) and the DBs after its
 * gold calls (they pass). Verdicts are compared one by one: passed, the
 * predicate's value, the error text. A verdict that differs is a finding
 * named by the predicate and the state.
 */
import type { Catalog } from "../engine/catalog.js";
import type { Domain } from "../engine/domain.js";
import { evaluateAssertions } from "../engine/assertions.js";
import { createWorlds } from "../fuzz/worlds.js";
import { toJsonText } from "../json/stringify.js";
import type { JsonValue } from "../json/types.js";
import { stateAfter } from "./calls/evalsim-side.js";
import type { FindingSet } from "./findings.js";
import { goldCalls } from "./gold.js";
import type { Reference } from "./reference-process.js";
import { ReferenceFailedError } from "./reference-process.js";
import type { PartTally } from "./scoring-ask.js";
import { askScoring } from "./scoring-ask.js";
import { referenceWorld } from "./worlds.js";

/** What is compared of a verdict, as plain JSON (an integral float reads as its int on both sides). */
const plain = (v: { passed?: unknown; actual?: unknown; error?: unknown } | undefined): JsonValue =>
  v === undefined ? null : (JSON.parse(toJsonText({ passed: v.passed ?? null, actual: v.actual ?? null, error: v.error ?? null } as JsonValue)) as JsonValue);

export async function comparePredicates(domains: readonly Domain[], catalog: Catalog, reference: Reference, findings: FindingSet): Promise<PartTally> {
  const judged = domains.filter((d) => catalog.entries.some((e) => e.domain === d && e.scenario.dbStateAssertions.length > 0));
  if (judged.length === 0) return { compared: 0, differing: 0 };
  const available = await askScoring(reference, { id: 0, op: "predicates_available" });
  if (available.missing !== undefined) return { compared: 0, differing: 0, missing: available.missing };
  const tally = { compared: 0, differing: 0 };
  let id = 0;
  for (const domain of judged) {
    const worlds = createWorlds(domain, catalog.entries);
    for (let i = 0; i < worlds.entries.length; i++) {
      const world = worlds.at((i + 0.5) / worlds.entries.length);
      const scenario = world.entry.scenario;
      if (scenario.dbStateAssertions.length === 0) continue;
      for (const [stage, calls] of [["start", []], ["after gold calls", goldCalls(domain, scenario)]] as const) {
        const theirs = await reference.ask({ id: ++id, world: referenceWorld(world), calls: calls.map((c) => ({ side: c.side, name: c.name, args: c.args, draws: [] })), assertions_of: scenario.name });
        if (theirs.fatal) throw new ReferenceFailedError(`reference driver failed on ${scenario.name}'s assertions: ${theirs.fatal}\n${theirs.trace ?? ""}`);
        const state = stateAfter(world, calls);
        const ours = evaluateAssertions(domain, scenario.dbStateAssertions, state.dbs.agent, state.dbs.user);
        const count = Math.max(ours.length, theirs.verdicts?.length ?? 0);
        for (let k = 0; k < count; k++) {
          tally.compared++;
          const a = theirs.verdicts?.[k];
          const b = ours[k];
          if (JSON.stringify(plain(a)) === JSON.stringify(plain(b))) continue;
          tally.differing++;
          const predicate = String(a?.["func_name"] ?? b?.func_name ?? "(no assertion)");
          findings.add("scoring", `db_state_assertion ${predicate} (${stage})`, domain.name, {
            scenario: scenario.name,
            calls: calls.map((c) => ({ side: c.side, name: c.name, args: c.args })),
            reference: { assertion: k + 1, verdict: a ?? null },
            evalsim: { assertion: k + 1, verdict: b ?? null },
          });
        }
      }
    }
  }
  return tally;
}
