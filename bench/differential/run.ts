/**
 * `npm run differential -- --nemo PATH [options]`: the same generated tool
 * calls through the reference's own Python tools and through evalsim's
 * dispatch; every call whose model-visible text, exit or DB state differs is
 * classified. See docs/differential.md.
 *
 *   --nemo PATH          labs-Voice-Agent checkout (or EVALSIM_NEMO_CHECKOUT)
 *   --data-root PATH     fixture data root (or EVAL_DATA_ROOT; default ../shared/fixtures, data/fixtures)
 *   --calls N            calls in all (default 2000), spread evenly over the domains
 *   --seeds A,B,...      seeds (default 1); the calls are split over them
 *   --domains D,...      eva_airline,tau2_airline,tau2_retail,tau2_telecom (default: all four)
 *   --session N          calls per session (default 8)
 *   --out FILE           write the JSON report there (atomically)
 *   --examples N         examples kept per class (default 3)
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadCatalog } from "../../src/engine/catalog.js";
import type { Domain } from "../../src/engine/domain.js";
import { createRng } from "../../src/engine/rng.js";
import { domains as builtIn, registry } from "../../src/domains/index.js";
import { profileOf } from "../../src/fuzz/profile.js";
import type { World } from "../../src/fuzz/worlds.js";
import { createWorlds } from "../../src/fuzz/worlds.js";
import { writeFileAtomic } from "../../src/json/atomic-write.js";
import type { Classified } from "./classify.js";
import { classify } from "./classify.js";
import type { EvalsimSession, SideHashes } from "./evalsim-side.js";
import { rerunHashed, runGenerated } from "./evalsim-side.js";
import { samplePlans } from "./generate.js";
import type { Reference, ReferenceAnswer, ReferenceWorld } from "./reference.js";
import { startReference } from "./reference.js";

interface Example {
  readonly scenario: string;
  readonly side: string;
  readonly tool: string;
  readonly args: string;
  readonly bend: string;
  readonly reference: string;
  readonly evalsim: string;
  readonly exit?: { reference: boolean; evalsim: boolean };
  readonly state?: readonly string[];
  readonly draws?: { reference: number; evalsim: number };
}

interface DomainTally {
  calls: number;
  sessions: number;
  mismatching: number;
  /** Calls that drew a random id (handed to the reference), and calls after which evalsim's sync changed a DB. */
  drawing: number;
  syncing: number;
}

interface ClassTally {
  count: number;
  group: Classified["group"];
  domains: Record<string, number>;
  examples: Example[];
}

function fail(message: string): never {
  process.stderr.write(`differential: ${message}\n`);
  process.exit(2);
}

function referenceWorld(world: World): ReferenceWorld {
  const s = world.entry.scenario;
  switch (world.domain.name) {
    case "eva_airline":
      return { kind: "eva", file: `eva_airline/${s.upstreamId}.json` };
    case "tau2_telecom":
      return { kind: "telecom", task: s.upstreamId, today: s.today };
    default:
      return { kind: "tau2", domain: world.domain.name };
  }
}

const sameHashes = (a: SideHashes, b: SideHashes): boolean => JSON.stringify(a) === JSON.stringify(b, Object.keys(a));

function diffSides(a: SideHashes | undefined, b: SideHashes | undefined): string[] {
  return Object.keys({ ...a, ...b }).filter((s) => (a as Record<string, unknown>)[s] !== (b as Record<string, unknown>)[s]);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      nemo: { type: "string" },
      "data-root": { type: "string" },
      calls: { type: "string", default: "2000" },
      seeds: { type: "string", default: "1" },
      domains: { type: "string" },
      session: { type: "string", default: "8" },
      out: { type: "string" },
      examples: { type: "string", default: "3" },
    },
  });
  const nemo = values.nemo ?? process.env["EVALSIM_NEMO_CHECKOUT"];
  if (!nemo) fail("--nemo PATH (or EVALSIM_NEMO_CHECKOUT) must name a labs-Voice-Agent checkout; see docs/differential.md");
  if (!existsSync(`${nemo}/nemo_voice_agent/evaluation/tools`)) fail(`--nemo ${nemo}: no nemo_voice_agent/evaluation/tools there`);
  const dataRoot = values["data-root"] ?? process.env["EVAL_DATA_ROOT"] ?? ["../shared/fixtures", "data/fixtures"].find((p) => existsSync(p));
  if (!dataRoot) fail("no fixture data root: pass --data-root");
  const total = Number(values.calls);
  const perSession = Number(values.session);
  const keep = Number(values.examples);
  const seeds = values.seeds.split(",").map((s) => Number(s.trim()));
  if (!Number.isInteger(total) || total < 1) fail(`--calls: expected a positive integer, got ${values.calls}`);
  if (!Number.isInteger(perSession) || perSession < 1) fail(`--session: expected a positive integer, got ${values.session}`);
  if (seeds.some((s) => !Number.isInteger(s))) fail(`--seeds: expected integers, got ${values.seeds}`);
  const wanted = values.domains ? values.domains.split(",").map((d) => d.trim()) : builtIn.map((d) => d.name);
  const domains: Domain[] = wanted.map((n) => builtIn.find((d) => d.name === n) ?? fail(`--domains: unknown domain ${n}`));

  const catalog = loadCatalog(registry, { flag: dataRoot, env: {} }, domains);
  const reference: Reference = await startReference(nemo, dataRoot);
  const tallies = new Map<string, ClassTally>();
  const perDomain: Record<string, DomainTally> = {};
  let worldMismatches = 0;
  const stateFirst: { scenario: string; tool: string; args: string; sides: readonly string[]; class: string }[] = [];
  const worldExamples = new Map<string, { evalsim: SideHashes; reference: SideHashes }>();
  let id = 0;

  const record = (c: Classified, domain: string, ex: Example): void => {
    let t = tallies.get(c.cls);
    if (!t) tallies.set(c.cls, (t = { count: 0, group: c.group, domains: {}, examples: [] }));
    t.count++;
    t.domains[domain] = (t.domains[domain] ?? 0) + 1;
    t.examples.push(ex);
    // Keep the shortest calls: the minimal examples.
    t.examples.sort((a, b) => a.args.length + a.reference.length - (b.args.length + b.reference.length));
    if (t.examples.length > keep) t.examples.length = keep;
  };

  const compare = (world: World, ours: EvalsimSession, theirs: ReferenceAnswer, hashedOurs?: ReturnType<typeof rerunHashed>): void => {
    const d = world.domain.name;
    const tally = perDomain[d] as DomainTally;
    let cascade = false;
    ours.calls.forEach((call, i) => {
      const o = hashedOurs?.[i] ?? ours.outcomes[i];
      if (!o) throw new Error(`session of ${world.entry.scenario.name}: no outcome for call ${i}`);
      const r = theirs.calls[i] as ReferenceAnswer["calls"][number];
      const prevOurs = i === 0 ? ours.init : hashedOurs?.[i - 1]?.hash;
      const prevRef = i === 0 ? theirs.init : theirs.calls[i - 1]?.hash;
      const stateSides = hashedOurs ? diffSides(o.hash, r.hash).filter((s) => !diffSides(prevOurs, prevRef).includes(s)) : [];
      const draws = { reference: r.draws, evalsim: o.draws.length };
      const differs = o.text !== r.text || o.exit !== r.exit || draws.reference !== draws.evalsim || stateSides.length > 0;
      if (differs) {
        tally.mismatching++;
        const tool = call.name;
        const c = classify({ domain: d, tool, args: call.args, bend: call.bend, reference: { text: r.text, exit: r.exit, draws: r.draws }, evalsim: { text: o.text, exit: o.exit, draws: o.draws.length }, stateSides, cascade });
        if (stateSides.length > 0 && stateFirst.length < 200) stateFirst.push({ scenario: world.entry.scenario.name, tool, args: call.args, sides: stateSides, class: c.cls });
        record(c, d, {
          scenario: world.entry.scenario.name,
          side: call.side,
          tool,
          args: call.args,
          bend: call.bend,
          reference: r.text,
          evalsim: o.text,
          ...(o.exit !== r.exit ? { exit: { reference: r.exit, evalsim: o.exit } } : {}),
          ...(stateSides.length > 0 ? { state: stateSides } : {}),
          ...(draws.reference !== draws.evalsim ? { draws } : {}),
        });
      }
      if (stateSides.length > 0) cascade = true;
    });
  };

  const started = process.hrtime.bigint();
  const domainShare = Math.ceil(total / domains.length);
  for (const domain of domains) {
    const worlds = createWorlds(domain, catalog.entries);
    const profile = profileOf(domain);
    perDomain[domain.name] = { calls: 0, sessions: 0, mismatching: 0, drawing: 0, syncing: 0 };
    const tally = perDomain[domain.name] as DomainTally;
    for (const [si, seed] of seeds.entries()) {
      const share = Math.floor(domainShare / seeds.length) + (si < domainShare % seeds.length ? 1 : 0);
      const rng = createRng(`${seed}:${domain.name}`);
      const plans = samplePlans(domain.tools, profile.hints, createRng(`${seed}:${domain.name}:plans`).int(0x7fffffff), share);
      const inFlight: Promise<void>[] = [];
      for (let at = 0; at < plans.length; at += perSession) {
        const world = worlds.at(rng.next());
        const ours = runGenerated(world, plans.slice(at, at + perSession), rng.int(0x7fffffff));
        const req = { id: ++id, world: referenceWorld(world), calls: ours.calls.map((c) => ({ side: c.side, name: c.name, args: c.args, draws: c.draws })) };
        tally.calls += ours.calls.length;
        tally.drawing += ours.outcomes.filter((o) => o.draws.length > 0).length;
        tally.syncing += ours.outcomes.filter((o) => o.synced).length;
        tally.sessions++;
        inFlight.push(
          reference.ask(req).then(async (theirs) => {
            if (theirs.fatal) throw new Error(`reference driver failed on session ${req.id} (${world.entry.scenario.name}): ${theirs.fatal}\n${theirs.trace ?? ""}`);
            if (!sameHashes(ours.init, theirs.init)) {
              worldMismatches++;
              worldExamples.set(world.entry.scenario.name, { evalsim: ours.init, reference: theirs.init });
            }
            if (sameHashes(ours.final, theirs.final)) return compare(world, ours, theirs);
            // The state differs somewhere: hash after every call on both sides to find where.
            const again = await reference.ask({ ...req, hash_each: true });
            compare(world, ours, again, rerunHashed(world, ours.calls));
          }),
        );
        // Bounded pipelining: the driver works while evalsim generates the next sessions.
        if (inFlight.length >= 16) await inFlight.shift();
      }
      await Promise.all(inFlight);
      process.stderr.write(`${domain.name} seed ${seed}: ${tally.calls} calls, ${tally.mismatching} mismatching so far\n`);
    }
  }
  await reference.close();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;

  const classes = [...tallies.entries()].sort((a, b) => b[1].count - a[1].count).map(([cls, t]) => ({ class: cls, ...t }));
  const calls = Object.values(perDomain).reduce((s, d) => s + d.calls, 0);
  const mismatching = Object.values(perDomain).reduce((s, d) => s + d.mismatching, 0);
  const report = { command: `npm run differential -- ${process.argv.slice(2).join(" ")}`, seeds, session: perSession, calls, mismatching, world_mismatches: worldMismatches, world_examples: Object.fromEntries(worldExamples), state_differences: stateFirst, seconds: Math.round(seconds), domains: perDomain, classes };
  if (values.out) writeFileAtomic(values.out, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`${calls} calls, ${mismatching} mismatching, ${worldMismatches} sessions whose starting state differs (${Math.round(seconds)} s)\n`);
  for (const [d, t] of Object.entries(perDomain)) process.stdout.write(`  ${d}: ${t.calls} calls in ${t.sessions} sessions, ${t.mismatching} mismatching (${t.drawing} drew a random id, ${t.syncing} changed a DB through sync)\n`);
  for (const c of classes) process.stdout.write(`${String(c.count).padStart(7)}  [${c.group}] ${c.class}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`differential: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
