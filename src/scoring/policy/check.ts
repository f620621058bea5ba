/**
 * The policy rule engine: a domain's rules (engine/policy-rule.ts) run over a
 * list of calls, each checked against the DB of its side just before it. The
 * same watcher serves gold replay (through the replay loop's observer), live
 * runs (through the conversation's) and a plain list of calls with their DBs
 * (`checkPolicy`). Only the agent's calls are checked: the policy is the
 * agent's.
 */
import type { CallObserver, ObservedCall } from "../../engine/call-observer.js";
import type { DispatchStatus } from "../../engine/dispatch.js";
import type { Domain } from "../../engine/domain.js";
import type { PolicyCallView, PolicyFacts, PolicyFinding, PolicyRule } from "../../engine/policy-rule.js";
import type { Scenario } from "../../engine/scenario.js";
import { findTool } from "../../engine/toolbox.js";
import type { Side, ToolCall } from "../../engine/types.js";
import type { JsonObject } from "../../json/types.js";
import { isJsonObject } from "../../json/types.js";

/** One broken rule at one call. Stable shape: other signals key on `step` and `rule`. */
export interface PolicyViolation {
  readonly scenario: string;
  /** 0-based index of the call among the list's (or the trial's) tool calls. */
  readonly step: number;
  /** The speaker's turn the call was made in, for calls of a conversation. */
  readonly turn?: number;
  /** The tool as called. */
  readonly tool: string;
  readonly rule: string;
  readonly facts: PolicyFacts;
}

/** A call with the DB of its side just before it, for `checkPolicy`. */
export interface CallWithDb {
  readonly side?: Side;
  readonly name: string;
  readonly arguments: ToolCall["arguments"];
  readonly dbBefore: JsonObject;
  /** Whether the tool carried it out (default true). */
  readonly ok?: boolean;
  readonly turn?: number;
}

interface Pending {
  readonly step: number;
  readonly turn?: number;
  readonly tool: string;
  readonly rule: PolicyRule;
  readonly finding: PolicyFinding;
}

/** The policy rules watching a call list or a conversation: an observer to hand the loop, and the violations once it ends. */
export interface PolicyWatch {
  readonly observer: CallObserver;
  /** The violations of the calls seen so far, list-level rules settled against them; in step order, then rule order. */
  finish(): PolicyViolation[];
}

/** The name a rule watches: the tool's record name (`cancel_reservation`: its action name, else its first alias), its own name otherwise. */
function canonicalName(domain: Domain, side: Side, name: string): string {
  const tool = findTool(domain, side, name, "records");
  return tool ? (tool.actionName ?? tool.aliases?.[0] ?? tool.name) : name;
}

/** The rules a gold list can be held to: all but those that need the whole conversation (a gold list holds only graded calls). */
export const goldListRules = (rules: readonly PolicyRule[]): readonly PolicyRule[] => rules.filter((r) => r.needs !== "conversation");

/** Watch calls as they run, checking each agent call against `rules` (the domain's own by default). */
export function watchPolicy(domain: Domain, scenario: Scenario, rules: readonly PolicyRule[] = domain.policyRules ?? []): PolicyWatch {
  const seen: PolicyCallView[] = [];
  const byStep = new Map<number, PolicyCallView>();
  const found: Pending[] = [];
  const open: Pending[] = [];
  const observer: CallObserver = {
    beforeCall(observed: ObservedCall, db: JsonObject | undefined): void {
      if (rules.length === 0 || observed.side !== "agent") return;
      const tool = canonicalName(domain, observed.side, observed.call.name);
      const args = isJsonObject(observed.call.arguments) ? observed.call.arguments : {};
      const call: PolicyCallView = { index: observed.index, side: observed.side, tool, args };
      byStep.set(observed.index, call);
      for (const rule of rules) {
        if (!rule.tools.includes(tool) || db === undefined) continue;
        const finding = rule.check({ call, db, scenario, before: seen.slice() });
        if (finding) open.push({ step: observed.index, ...(observed.turn !== undefined ? { turn: observed.turn } : {}), tool: observed.call.name, rule, finding });
      }
    },
    afterCall(observed: ObservedCall, _result: unknown, status: DispatchStatus): void {
      const ok = status === "ok";
      const call = byStep.get(observed.index) ?? {
        index: observed.index,
        side: observed.side,
        tool: canonicalName(domain, observed.side, observed.call.name),
        args: isJsonObject(observed.call.arguments) ? observed.call.arguments : {},
      };
      seen.push({ ...call, ok });
      for (let i = 0; i < open.length; ) {
        const p = open[i] as Pending;
        if (p.step !== observed.index) {
          i++;
          continue;
        }
        open.splice(i, 1);
        if (ok || p.rule.judges === "attempted") found.push(p);
      }
    },
  };
  return {
    observer,
    finish(): PolicyViolation[] {
      const kept = found.filter((p) => {
        const unless = p.finding.unlessLater;
        return !unless || !seen.some((c) => c.index !== p.step && c.ok === true && unless(c));
      });
      return kept
        .map((p) => ({
          scenario: scenario.name,
          step: p.step,
          ...(p.turn !== undefined ? { turn: p.turn } : {}),
          tool: p.tool,
          rule: p.rule.id,
          facts: p.finding.facts,
          order: rules.indexOf(p.rule),
        }))
        .sort((a, b) => a.step - b.step || a.order - b.order)
        .map(({ order: _order, ...v }) => v);
    },
  };
}

/** Check a list of calls whose DBs before each call are known (`dbBefore`), as a replay would see them. */
export function checkPolicy(domain: Domain, scenario: Scenario, calls: readonly CallWithDb[], rules?: readonly PolicyRule[]): PolicyViolation[] {
  const watch = watchPolicy(domain, scenario, rules);
  calls.forEach((c, index) => {
    const side = c.side ?? "agent";
    const observed: ObservedCall = { index, side, call: { name: c.name, arguments: c.arguments, side }, ...(c.turn !== undefined ? { turn: c.turn } : {}) };
    watch.observer.beforeCall(observed, c.dbBefore);
    watch.observer.afterCall(observed, null, c.ok === false ? "error" : "ok");
  });
  return watch.finish();
}
