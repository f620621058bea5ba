/**
 * The calls and delivery families: seeded sessions of generated tool calls
 * through the reference's own tools (its framework entry point) and through
 * evalsim's live path. `calls` compares what the model reads, the exit, the
 * random draws and the DB state (as field paths); `delivery` checks that the
 * reference delivers exactly one result per call, under the call's
 * tool_call_id, and pushes at most one exit.
 */
import type { Catalog } from "../../engine/catalog.js";
import type { Domain } from "../../engine/domain.js";
import { createRng } from "../../engine/rng.js";
import { profileOf } from "../../fuzz/profile.js";
import type { World } from "../../fuzz/worlds.js";
import { createWorlds } from "../../fuzz/worlds.js";
import type { Family } from "../families.js";
import type { Example, FindingSet } from "../findings.js";
import type { Reference, ReferenceAnswer, ReferenceCall } from "../reference-process.js";
import { ReferenceFailedError } from "../reference-process.js";
import { stateFields } from "../state-fields.js";
import { referenceWorld } from "../worlds.js";
import { classify } from "./classify.js";
import type { BentCall } from "./generate.js";
import { samplePlans } from "./generate.js";
import type { CallOutcome, EvalsimSession, SideHashes } from "./evalsim-side.js";
import { rerunHashed, runGenerated, stateAfter } from "./evalsim-side.js";

export interface CallsOptions {
  readonly calls: number;
  readonly seeds: readonly number[];
  readonly session: number;
  readonly families: ReadonlySet<Family>;
}

export interface CallsTally {
  calls: number;
  sessions: number;
  /** Calls whose comparison (calls family) differs. */
  mismatching: number;
  /** Calls the reference ran (delivery family) and those delivered other than once. */
  delivered: number;
  misdelivered: number;
  exits: number;
  draws: number;
}

const sameHashes = (a: SideHashes, b: SideHashes): boolean => JSON.stringify(a) === JSON.stringify(b, Object.keys(a));

function diffSides(a: SideHashes | undefined, b: SideHashes | undefined): string[] {
  return Object.keys({ ...a, ...b }).filter((s) => (a as Record<string, unknown>)[s] !== (b as Record<string, unknown>)[s]);
}

const callsOf = (calls: readonly BentCall[]): Example["calls"] => calls.map((c) => ({ side: c.side, name: c.name, args: c.args }));

function checkDelivery(findings: FindingSet, tally: CallsTally, world: World, calls: readonly BentCall[], i: number, r: ReferenceCall): void {
  tally.exits += r.exits;
  tally.draws += r.draws;
  if (r.text.startsWith("<call not run:")) return;
  tally.delivered++;
  const call = calls[i] as BentCall;
  const id = `call_${i + 1}`;
  const problems: string[] = [];
  if (r.deliveries !== 1) problems.push(`delivered ${r.deliveries} results`);
  if (r.ids.some((x) => x !== id)) problems.push("delivered under another tool_call_id");
  if (r.exits > 1) problems.push(`pushed ${r.exits} exits`);
  if (problems.length === 0) return;
  tally.misdelivered++;
  const d = world.domain.name;
  findings.add("delivery", `${d} ${call.name}: ${problems.join(", ")}`, d, {
    scenario: world.entry.scenario.name,
    calls: callsOf(calls.slice(0, i + 1)),
    reference: { deliveries: r.deliveries, tool_call_ids: r.ids, exits: r.exits, first: r.text },
    evalsim: { deliveries: 1, tool_call_ids: [id] },
  });
}

export async function runCallsFamilies(domains: readonly Domain[], catalog: Catalog, reference: Reference, findings: FindingSet, opts: CallsOptions): Promise<Record<string, CallsTally>> {
  const perDomain: Record<string, CallsTally> = {};
  let id = 0;

  const compare = async (world: World, ours: EvalsimSession, theirs: ReferenceAnswer, hashedOurs?: readonly CallOutcome[]): Promise<void> => {
    const d = world.domain.name;
    const tally = perDomain[d] as CallsTally;
    let cascade = false;
    for (const [i, call] of ours.calls.entries()) {
      const o = hashedOurs?.[i] ?? ours.outcomes[i];
      if (!o) throw new Error(`session of ${world.entry.scenario.name}: no outcome for call ${i}`);
      const r = theirs.calls[i] as ReferenceCall;
      const prevOurs = i === 0 ? ours.init : hashedOurs?.[i - 1]?.hash;
      const prevRef = i === 0 ? theirs.init : theirs.calls[i - 1]?.hash;
      const stateSides = hashedOurs ? diffSides(o.hash, r.hash).filter((s) => !diffSides(prevOurs, prevRef).includes(s)) : [];
      const draws = { reference: r.draws, evalsim: o.draws.length };
      if (o.text === r.text && o.exit === r.exit && draws.reference === draws.evalsim && stateSides.length === 0) continue;
      tally.mismatching++;
      const c = classify({ domain: d, tool: call.name, args: call.args, bend: call.bend, reference: { text: r.text, exit: r.exit, draws: r.draws }, evalsim: { text: o.text, exit: o.exit, draws: o.draws.length }, stateSides, cascade });
      let key = c.cls;
      let fields: Example["fields"];
      if (stateSides.length > 0 && !cascade && c.group === "domain") {
        // The first call after which the state differs: both sides' DBs, compared field by field.
        const upTo = ours.calls.slice(0, i + 1);
        const dbs = await reference.ask({ id: ++id, world: referenceWorld(world), calls: upTo.map((x) => ({ side: x.side, name: x.name, args: x.args, draws: x.draws })), return_dbs: true });
        const sf = stateFields(dbs.dbs, stateAfter(world, upTo), stateSides);
        key = `${c.cls.replace(/: state .*$/, ": state")} ${sf.key}`;
        fields = sf.paths;
      }
      const known = c.group === "known" ? c.cls : undefined;
      findings.add(
        "calls",
        c.group === "domain" || c.group === "cascade" ? key : `${d}: [${c.group}] ${key}`,
        d,
        {
          scenario: world.entry.scenario.name,
          calls: callsOf(ours.calls.slice(0, i + 1)),
          reference: { text: r.text, exit: r.exit, draws: r.draws },
          evalsim: { text: o.text, exit: o.exit, draws: o.draws.length },
          ...(fields ? { fields } : {}),
        },
        known,
      );
      if (stateSides.length > 0) cascade = true;
    }
  };

  const domainShare = Math.ceil(opts.calls / domains.length);
  for (const domain of domains) {
    const worlds = createWorlds(domain, catalog.entries);
    const profile = profileOf(domain);
    const tally: CallsTally = { calls: 0, sessions: 0, mismatching: 0, delivered: 0, misdelivered: 0, exits: 0, draws: 0 };
    perDomain[domain.name] = tally;
    for (const [si, seed] of opts.seeds.entries()) {
      const share = Math.floor(domainShare / opts.seeds.length) + (si < domainShare % opts.seeds.length ? 1 : 0);
      const rng = createRng(`${seed}:${domain.name}`);
      const plans = samplePlans(domain.tools, profile.hints, createRng(`${seed}:${domain.name}:plans`).int(0x7fffffff), share);
      const inFlight: Promise<void>[] = [];
      for (let at = 0; at < plans.length; at += opts.session) {
        const world = worlds.at(rng.next());
        const ours = runGenerated(world, plans.slice(at, at + opts.session), rng.int(0x7fffffff));
        const req = { id: ++id, world: referenceWorld(world), calls: ours.calls.map((c) => ({ side: c.side, name: c.name, args: c.args, draws: c.draws })) };
        tally.calls += ours.calls.length;
        tally.sessions++;
        inFlight.push(
          reference.ask(req).then(async (theirs) => {
            if (theirs.fatal) throw new ReferenceFailedError(`reference driver failed on ${world.entry.scenario.name}: ${theirs.fatal}\n${theirs.trace ?? ""}`);
            if (!sameHashes(ours.init, theirs.init) && opts.families.has("calls")) {
              findings.add("calls", `${domain.name}: starting state differs`, domain.name, { scenario: world.entry.scenario.name, calls: [], reference: theirs.init, evalsim: ours.init });
            }
            if (opts.families.has("delivery")) theirs.calls.forEach((r, i) => checkDelivery(findings, tally, world, ours.calls, i, r));
            if (!opts.families.has("calls")) return;
            if (sameHashes(ours.final, theirs.final)) return compare(world, ours, theirs);
            // The state differs somewhere: hash after every call on both sides to find where.
            const again = await reference.ask({ ...req, hash_each: true });
            await compare(world, ours, again, rerunHashed(world, ours.calls));
          }),
        );
        // Bounded pipelining: the driver works while evalsim generates the next sessions.
        if (inFlight.length >= 16) await inFlight.shift();
      }
      await Promise.all(inFlight);
    }
  }
  return perDomain;
}
