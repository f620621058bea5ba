/**
 * The gold family: every scenario's gold calls (tau2's gold actions, eva's
 * gold trajectories) through the reference's live tool path from the
 * scenario's starting state, beside the same calls through evalsim's live
 * path. Each side's end DB is checked against the expected DB (eva's
 * shipped one, tau2's gold replay); where the two sides' end DBs differ, the
 * first differing field paths name what the reference's tools did otherwise.
 */
import type { Catalog } from "../engine/catalog.js";
import type { Domain } from "../engine/domain.js";
import type { Scenario } from "../engine/scenario.js";
import { createRng } from "../engine/rng.js";
import { findTool } from "../engine/toolbox.js";
import { createWorlds } from "../fuzz/worlds.js";
import { toJsonText } from "../json/stringify.js";
import { summaryHash } from "../hash/db/index.js";
import { divergenceFor } from "../loaders/known-divergences.js";
import { expectedFor } from "../run/scenario/expected.js";
import type { BentCall } from "./calls/generate.js";
import { rerunHashed, stateAfter, worldSides } from "./calls/evalsim-side.js";
import type { FindingSet } from "./findings.js";
import type { Reference } from "./reference-process.js";
import { ReferenceFailedError } from "./reference-process.js";
import { stateFields } from "./state-fields.js";
import { referenceWorld } from "./worlds.js";

export interface GoldTally {
  scenarios: number;
  /** Scenarios with an expected DB, and how many of them each side reached. */
  expected: number;
  referenceReached: number;
  evalsimReached: number;
  /** Scenarios whose two end DBs differ. */
  differing: number;
}

/** A scenario's gold calls as the model (and the reference's bot) makes them. */
export function goldCalls(domain: Domain, scenario: Scenario): BentCall[] {
  return scenario.goldCalls().map((c) => {
    const side = c.side ?? "agent";
    // Gold data may name a tool by its record name; the model uses the LLM-visible one.
    const name = findTool(domain, side, c.name)?.name ?? c.name;
    return { side, name, args: toJsonText(c.arguments), bend: "plan" };
  });
}

export async function runGoldFamily(domains: readonly Domain[], catalog: Catalog, reference: Reference, findings: FindingSet, limit?: number): Promise<Record<string, GoldTally>> {
  const out: Record<string, GoldTally> = {};
  let id = 0;
  for (const domain of domains) {
    const worlds = createWorlds(domain, catalog.entries);
    const tally: GoldTally = { scenarios: 0, expected: 0, referenceReached: 0, evalsimReached: 0, differing: 0 };
    out[domain.name] = tally;
    const n = Math.min(worlds.entries.length, limit ?? Infinity);
    const pending: Promise<void>[] = [];
    for (let i = 0; i < n; i++) {
      const world = worlds.at((i + 0.5) / worlds.entries.length);
      const scenario = world.entry.scenario;
      const calls = goldCalls(domain, scenario);
      const ours = rerunHashed(world, calls);
      const end = ours.length > 0 ? (ours[ours.length - 1]?.hash ?? {}) : Object.fromEntries(worldSides(world).map((s) => [s, summaryHash(world.initial.dbs[s])]));
      const expected = expectedFor(world.entry, { today: world.today, rng: createRng(0).fork(`gold:${scenario.name}`) }).db;
      const expectedHash = expected ? summaryHash(expected) : undefined;
      tally.scenarios++;
      pending.push(
        reference.ask({ id: ++id, world: referenceWorld(world), calls: calls.map((c) => ({ side: c.side, name: c.name, args: c.args, draws: [] })) }).then(async (theirs) => {
          if (theirs.fatal) throw new ReferenceFailedError(`reference driver failed on ${scenario.name}: ${theirs.fatal}\n${theirs.trace ?? ""}`);
          if (expectedHash !== undefined) {
            tally.expected++;
            if (theirs.final.agent === expectedHash) tally.referenceReached++;
            if (end.agent === expectedHash) tally.evalsimReached++;
          }
          const sides = worldSides(world).filter((s) => theirs.final[s] !== end[s]);
          if (sides.length === 0) return;
          tally.differing++;
          // The call after which the two sides' states first differ names the tool; its DBs there name the fields.
          const hashed = await reference.ask({ id: ++id, world: referenceWorld(world), calls: calls.map((c) => ({ side: c.side, name: c.name, args: c.args, draws: [] })), hash_each: true });
          const k = Math.max(0, hashed.calls.findIndex((r, i) => JSON.stringify(r.hash) !== JSON.stringify(ours[i]?.hash, Object.keys(r.hash ?? {}))));
          const upTo = calls.slice(0, k + 1);
          const at = await reference.ask({ id: ++id, world: referenceWorld(world), calls: upTo.map((c) => ({ side: c.side, name: c.name, args: c.args, draws: [] })), return_dbs: true });
          const sf = stateFields(at.dbs, stateAfter(world, upTo), sides);
          const tool = calls[k]?.name ?? "(no gold call)";
          const known = divergenceFor(scenario.name, "gold");
          findings.add(
            "gold",
            `${domain.name} ${tool}: state ${sf.key}`,
            domain.name,
            {
              scenario: scenario.name,
              calls: upTo.map((c) => ({ side: c.side, name: c.name, args: c.args })),
              reference: { reached_expected: expectedHash === undefined ? null : theirs.final.agent === expectedHash, after_call: k + 1, values: Object.fromEntries(Object.entries(sf.values).map(([p, v]) => [p, v.reference])) },
              evalsim: { reached_expected: expectedHash === undefined ? null : end.agent === expectedHash, after_call: k + 1, values: Object.fromEntries(Object.entries(sf.values).map(([p, v]) => [p, v.evalsim])) },
              fields: sf.paths,
            },
            known?.id,
          );
        }),
      );
      if (pending.length >= 16) await pending.shift();
    }
    await Promise.all(pending);
  }
  return out;
}

