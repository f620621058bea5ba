/**
 * `npm run fuzz -- [--calls N] [--seed S] [--domain D] [--max-calls L] [--path P]`
 *
 * Runs the tool-call invariants of test/properties on many generated
 * sequences: at least N calls per domain (default 100000), from seed S
 * (default: a fresh one, printed), for every domain in the registry or only D.
 * Each failing sequence is printed with the seed and fast-check path that
 * replay it (`--domain D --max-calls L --seed S --path P`, which also shrinks
 * it), and the run goes on from the next seed. The last line is `fuzz: <calls> calls, <violations> violations`
 * (violations = failing sequences); the exit code is 1 when there are any.
 */
import fc from "fast-check";
import { randomInt } from "node:crypto";
import { parseArgs } from "node:util";
import { registry } from "../../src/domains/index.js";
import type { Domain } from "../../src/engine/domain.js";
import { familyOf, sequencePlanArb } from "./arbitraries/sequences.js";
import { judgeSequence } from "./invariants/verdict.js";

interface Options {
  readonly calls: number;
  readonly seed: number;
  readonly domains: readonly Domain[];
  readonly maxCalls: number;
  readonly path: string | undefined;
}

function usage(message: string): never {
  process.stderr.write(`fuzz: ${message}\nusage: npm run fuzz -- [--calls N] [--seed S] [--domain D] [--max-calls L] [--path P]\n`);
  process.exit(2);
}

function intOption(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) usage(`--${name} expects an integer, found ${JSON.stringify(raw)}`);
  return n;
}

function parseOptions(argv: readonly string[]): Options {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      calls: { type: "string" },
      seed: { type: "string" },
      domain: { type: "string" },
      "max-calls": { type: "string" },
      path: { type: "string" },
    },
    strict: true,
  });
  const names = registry.domains.map((d) => d.name);
  const domains = values.domain === undefined ? registry.domains : registry.domains.filter((d) => d.name === values.domain);
  if (domains.length === 0) usage(`unknown domain ${JSON.stringify(values.domain)}; known: ${names.join(", ")}`);
  const calls = intOption(values.calls, "calls", 100_000);
  const maxCalls = intOption(values["max-calls"], "max-calls", 12);
  if (calls < 1 || maxCalls < 1) usage("--calls and --max-calls must be positive");
  // A fresh seed when none is given; it is printed, so the run can be repeated.
  const seed = intOption(values.seed, "seed", randomInt(2_147_483_647));
  return { calls, seed: seed | 0, domains, maxCalls, path: values.path };
}

interface DomainTally {
  calls: number;
  violations: number;
  statuses: Record<string, number>;
}

function fuzzDomain(domain: Domain, opts: Options): DomainTally {
  const arb = sequencePlanArb(domain, familyOf(domain), opts.maxCalls);
  const tally: DomainTally = { calls: 0, violations: 0, statuses: {} };
  const property = fc.property(arb, (seq) => {
    const verdict = judgeSequence(domain, seq);
    tally.calls += verdict.calls;
    for (const [status, n] of Object.entries(verdict.statuses)) tally.statuses[status] = (tally.statuses[status] ?? 0) + n;
    if (verdict.violations.length > 0) throw new Error(verdict.report);
  });
  if (opts.path !== undefined) {
    // Replay one recorded failure, shrinking it to a small counterexample.
    const out = fc.check(property, { seed: opts.seed, path: opts.path, numRuns: 1 });
    if (out.failed) {
      tally.violations = 1;
      process.stdout.write(`${domain.name}: replayed seed ${opts.seed} path ${opts.path}\n${String(out.errorInstance)}\n`);
    }
    return tally;
  }
  const avgCalls = (opts.maxCalls + 1) / 2;
  let seed = opts.seed;
  while (tally.calls < opts.calls) {
    const numRuns = Math.max(1, Math.ceil((opts.calls - tally.calls) / avgCalls));
    const out = fc.check(property, { seed, numRuns, endOnFailure: true });
    seed = (seed + 1) | 0;
    if (!out.failed) continue;
    tally.violations += 1;
    process.stdout.write(
      `${domain.name}: FAILED (seed ${out.seed}, path ${out.counterexamplePath ?? ""})\n` +
        `  replay: npm run fuzz -- --domain ${domain.name} --max-calls ${opts.maxCalls} --seed ${out.seed} --path ${out.counterexamplePath ?? ""}\n` +
        `${String(out.errorInstance)}\n`,
    );
  }
  return tally;
}

function main(): void {
  const opts = parseOptions(process.argv.slice(2));
  process.stdout.write(`fuzz: seed ${opts.seed}, ${opts.calls} calls per domain, up to ${opts.maxCalls} calls per sequence\n`);
  let calls = 0;
  let violations = 0;
  for (const domain of opts.domains) {
    const started = process.hrtime.bigint();
    const tally = fuzzDomain(domain, opts);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const statuses = Object.entries(tally.statuses)
      .sort()
      .map(([status, n]) => `${status} ${n}`)
      .join(", ");
    process.stdout.write(`${domain.name}: ${tally.calls} calls, ${tally.violations} violations (${seconds.toFixed(1)} s; ${statuses})\n`);
    calls += tally.calls;
    violations += tally.violations;
  }
  process.stdout.write(`fuzz: ${calls} calls, ${violations} violations\n`);
  process.exitCode = violations > 0 ? 1 : 0;
}

main();
