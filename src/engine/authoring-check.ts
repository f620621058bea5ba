/**
 * The mistakes an author makes in a domain, found when it is loaded rather
 * than deep in a run: two tools of one name, gold calls to tools that do not
 * exist, init functions and predicates that are not defined, initial DBs
 * that do not fit the declared schemas. Each problem is one line naming the
 * domain, the scenario, the place and the fix.
 */
import type { z } from "zod";
import type { JsonObject } from "../json/types.js";
import { findProblem, formatJsonPath } from "../loaders/schema-check.js";
import type { Domain } from "./domain.js";
import type { Scenario } from "./scenario.js";
import type { AnyToolDef, Side } from "./types.js";
import { SIDES } from "./types.js";

/** Authoring mistakes in a domain the command needs: one line each, exit 2. */
export class AuthoringError extends Error {
  constructor(readonly lines: readonly string[]) {
    super(lines.join("\n"));
    this.name = "AuthoringError";
  }
}

/**
 * The kinds a domain's own knownDivergences entry may have: `fixture` (a
 * validate-fixtures warning whose defect id is the entry's `id`), `gold` (a
 * gold failure of `scenario`) and `run` (a failure of `scenario` in a run,
 * as `check` counts it).
 */
export const DIVERGENCE_KINDS = ["fixture", "gold", "run"] as const;

/** Every name a tool answers to in calls and records. */
const namesOf = (t: AnyToolDef): string[] => [...new Set([t.name, ...(t.aliases ?? []), ...(t.actionName === undefined ? [] : [t.actionName])])];

/** Tools of one side sharing a name (LLM name, alias or record name), with both positions. */
export function domainProblems(domain: Domain): string[] {
  const out: string[] = [];
  for (const side of SIDES) {
    const tools = domain.tools[side];
    if (tools === undefined) continue;
    if (!Array.isArray(tools)) {
      out.push(`domain '${domain.name}': tools.${side}: expected a list of tools (defineTool), got ${typeof tools}`);
      continue;
    }
    const seen = new Map<string, number>();
    tools.forEach((tool: AnyToolDef, i) => {
      if (tool === null || typeof tool !== "object" || typeof tool.name !== "string" || typeof tool.run !== "function") {
        out.push(`domain '${domain.name}': tools.${side}[${i}]: expected a tool with a name and run() (defineTool)`);
        return;
      }
      for (const name of namesOf(tool)) {
        const first = seen.get(name);
        if (first !== undefined && first !== i) {
          out.push(`domain '${domain.name}': tools.${side}[${first}] and tools.${side}[${i}] are both named '${name}'; rename one of them or drop the duplicate (the model would be sent two functions of that name)`);
        } else seen.set(name, i);
      }
    });
  }
  const known: unknown = domain.knownDivergences;
  if (known !== undefined && !Array.isArray(known)) out.push(`domain '${domain.name}': knownDivergences: expected a list of {id, kind, what, evidence, decision, scenario?}`);
  (Array.isArray(known) ? (known as unknown[]) : []).forEach((k, i) => {
    const entry = (typeof k === "object" && k !== null ? k : {}) as Record<string, unknown>;
    const missing = ["id", "kind", "what", "evidence", "decision"].filter((f) => typeof entry[f] !== "string" || entry[f] === "");
    const at = `domain '${domain.name}': knownDivergences[${i}]`;
    if (missing.length > 0) out.push(`${at}: ${missing.join(", ")}: expected a non-empty string (the evidence says why the difference is accepted)`);
    else if (!(DIVERGENCE_KINDS as readonly unknown[]).includes(entry["kind"])) out.push(`${at}: kind ${JSON.stringify(entry["kind"])}: expected one of ${DIVERGENCE_KINDS.map((x) => `"${x}"`).join(", ")} (see docs/authoring-domains.md, "Differences a domain accepts")`);
    else if (entry["kind"] !== "fixture" && (typeof entry["scenario"] !== "string" || entry["scenario"] === "")) out.push(`${at}: scenario: a "${String(entry["kind"])}" entry names the scenario whose ${String(entry["kind"])} failure it accepts`);
  });
  return out;
}

const toolList = (domain: Domain, side: Side): string => (domain.tools[side] ?? []).map((t) => t.name).join(", ") || "none";

function hasTool(domain: Domain, side: Side, name: string): boolean {
  return (domain.tools[side] ?? []).some((t) => namesOf(t).includes(name));
}

/** Which DB objects have been checked against which schema: scenarios share their DBs. */
const fitted = new WeakMap<z.ZodType, WeakSet<object>>();

function dbProblem(schema: z.ZodType, db: JsonObject): string | undefined {
  let done = fitted.get(schema);
  if (!done) fitted.set(schema, (done = new WeakSet()));
  if (done.has(db)) return undefined;
  const problem = findProblem(db, schema);
  if (problem === undefined) done.add(db);
  return problem === undefined ? undefined : `${formatJsonPath(problem.path) || "(top)"}: ${problem.detail}`;
}

/** One scenario's references to the domain's tools, functions and schemas. */
export function scenarioProblems(domain: Domain, scenario: Scenario): string[] {
  const at = `domain '${domain.name}': scenario '${scenario.name}'`;
  const out: string[] = [];
  scenario.goldCalls().forEach((call, i) => {
    const side = call.side ?? "agent";
    if (domain.tools[side] === undefined) out.push(`${at}: goldCalls[${i}] '${call.name}': the domain has no ${side} side; give it tools.${side} or call an agent tool`);
    else if (!hasTool(domain, side, call.name)) out.push(`${at}: goldCalls[${i}]: no ${side} tool named '${call.name}'; use one of ${toolList(domain, side)}, or add the tool to tools.${side}`);
  });
  for (const field of ["mustNotCall", "mustCall"] as const) {
    (scenario.checks?.[field] ?? []).forEach((m, i) => {
      const side = m.side ?? "agent";
      if (!hasTool(domain, side, m.name)) out.push(`${at}: checks.${field}[${i}]: no ${side} tool named '${m.name}'; use one of ${toolList(domain, side)}`);
    });
  }
  // tau2's rule compares each item with the agent's messages after their commas are removed: an item with one never matches.
  (scenario.checks?.communicate ?? []).forEach((item, i) => {
    if (item.includes(",")) out.push(`${at}: checks.communicate[${i}] ${JSON.stringify(item)}: the agent's messages are compared with their commas removed, so an item with a comma can never be met; write it without commas (${JSON.stringify(item.replaceAll(",", ""))})`);
  });
  const inits = Object.keys(domain.initFunctions ?? {});
  scenario.initializationActions.forEach((a, i) => {
    if (!Object.hasOwn(domain.initFunctions ?? {}, a.func_name)) out.push(`${at}: initializationActions[${i}]: no init function named '${a.func_name}'; use one of ${inits.join(", ") || "none"}, or add it to initFunctions`);
  });
  const preds = Object.keys(domain.predicates ?? {});
  scenario.dbStateAssertions.forEach((a, i) => {
    if (!Object.hasOwn(domain.predicates ?? {}, a.func_name)) out.push(`${at}: dbStateAssertions[${i}]: no predicate named '${a.func_name}'; use one of ${preds.join(", ") || "none"}, or add it to predicates`);
  });
  // As eva's, a scenario that ships its expected DB gets no reference actions: is_action_match could never apply.
  if (scenario.successSignals.includes("is_action_match") && scenario.shippedExpectedDb() !== undefined) {
    out.push(`${at}: successSignals: is_action_match gates, but the scenario ships its expected DB, so it has no reference actions and is_action_match is always N/A; drop shippedExpectedDb (the gold replay's end DB is then the expected one) or the is_action_match gate`);
  }
  const schemas = domain.fixtures?.dbSchemas ?? domain.fuzz?.dbSchemas ?? {};
  const dbs = scenario.initialDbs();
  for (const side of SIDES) {
    const schema = schemas[side];
    const db = dbs[side];
    if (schema === undefined || db === undefined) continue;
    const problem = dbProblem(schema, db);
    if (problem !== undefined) out.push(`${at}: initial ${side} DB does not fit fixtures.dbSchemas.${side}: ${problem}; fix the data or the schema`);
  }
  return out;
}

const squash = (text: string): string => text.toLowerCase().replace(/\s+/g, " ").trim();

/** A gold call's argument values worth looking for: strings and numbers as written. */
const argumentTexts = (args: unknown): string[] =>
  typeof args === "object" && args !== null && !Array.isArray(args)
    ? Object.values(args).flatMap((v) => (typeof v === "string" || typeof v === "number" ? [squash(String(v))] : []))
    : [];

/**
 * What the agent reads that gives the answer away: an agent prompt or an
 * agent tool description holding the scenario's description (which says
 * what a correct agent does) or one of its gold calls (the tool's name with
 * every argument value, one of them at least three characters long). One
 * warning line per leak, naming the scenario and the text.
 */
export function promptLeaks(domain: Domain, scenario: Scenario): string[] {
  const texts: [string, string][] = [["the agent prompt", squash(scenario.agentPrompt())]];
  for (const tool of domain.tools.agent) texts.push([`the description of tool '${tool.name}'`, squash(tool.description)]);
  const at = `scenario '${scenario.name}'`;
  const out: string[] = [];
  const description = squash(scenario.description);
  for (const [where, text] of texts) {
    if (description.length >= 20 && text.includes(description)) out.push(`${at}: ${where} contains the scenario's description; the agent must not be told what a correct agent does (keep it in description or graderNotes)`);
    for (const call of scenario.goldCalls()) {
      if ((call.side ?? "agent") !== "agent") continue;
      const values = argumentTexts(call.arguments);
      if (values.length === 0 || !values.some((v) => v.length >= 3)) continue;
      if (text.includes(squash(call.name)) && values.every((v) => text.includes(v))) {
        out.push(`${at}: ${where} contains its gold call ${call.name} ${JSON.stringify(call.arguments)}; the agent must find the calls itself`);
      }
    }
  }
  return [...new Set(out)];
}
