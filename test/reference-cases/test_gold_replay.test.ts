/**
 * The reference's tests/unit/test_gold_replay.py: gold replay on small
 * hand-made scenarios (counting tools that record each call), side stamping
 * from `requestor`, missing and raising tools, and the tau2 prompts built
 * from a task's user scenario. evalsim's built-in notes give the harness's
 * rules in the project's own words (docs/running.md, "Prompt packs"), so the prompt
 * cases look for evalsim's wording of the same rule.
 */
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { goldReplay } from "../../src/replay/gold.js";
import type { Domain } from "../../src/engine/domain.js";
import { createRng } from "../../src/engine/rng.js";
import type { Scenario } from "../../src/engine/scenario.js";
import { defineTool, type ToolCall } from "../../src/engine/types.js";
import { expectedFor } from "../../src/run/scenario/expected.js";
import { goldCallsOf } from "../../src/domains/tau2_common/scenario.js";
import { Tau2TaskSchema } from "../../src/domains/tau2_common/tasks-schema.js";
import { tau2AgentPrompt, tau2UserPrompt } from "../../src/domains/tau2_common/prompts.js";
import type { Tau2Task } from "../../src/domains/tau2_common/data.js";
import { NO_FABRICATION_NOTE, SPELL_IDENTIFIERS_NOTE, SPOKEN_STYLE_NOTE } from "../../src/domains/shared/agent-notes.js";
import { PyError } from "../../src/python/error.js";
import type { JsonObject } from "../../src/json/types.js";
import type { Obj } from "./helpers.js";

/** `_FakeTool`: counts its calls in the DB and records `{type, args, result: "ok"}`. */
function fakeTool(name: string) {
  return defineTool({
    name,
    description: `fake ${name}`,
    args: z.looseObject({}),
    kind: "write",
    run: (db, args, ctx) => {
      db[`${name}_calls`] = ((db[`${name}_calls`] as number | undefined) ?? 0) + 1;
      ctx.record({ type: name, args: { ...args } as JsonObject, result: "ok" });
      return { status: "ok" };
    },
  });
}

/** `_ErroringTool`: raises (a Python exception; any other exception is an evalsim bug, see GUIDE). */
const boom = defineTool({
  name: "boom",
  description: "raises",
  args: z.looseObject({}),
  kind: "write",
  run: () => {
    throw new PyError("ValueError", "boom blew up");
  },
});

function domainOf(agent: ReturnType<typeof fakeTool>[], user?: ReturnType<typeof fakeTool>[]): Domain {
  return {
    name: "_fake",
    tools: user ? { agent, user } : { agent },
    unknownArgs: "drop",
    argumentError: () => ({ status: "error" }),
    dbNotInitialized: () => ({ status: "error", message: "no DB" }),
    scenarios: () => [],
  };
}

const FAKE_ACTIONS = [
  { action_id: "1_0", name: "rebook_flight", arguments: { user_id: "u1", new_flight: "SK999" }, info: null, compare_args: null },
  { action_id: "1_1", name: "cancel_reservation", arguments: { confirmation: "ABC123" }, info: null, compare_args: [], requestor: "assistant" },
];

function scenarioOf(calls: readonly ToolCall[], dbs: Record<string, JsonObject> = { agent: { users: { u1: { name: "Test" } }, reservations: {} } }): Scenario {
  return {
    name: "_fake__1",
    bucket: "_fake",
    domain: "_fake",
    upstreamId: "_fake_1",
    description: "",
    successSignals: ["db_state_match"],
    today: "2025-02-25",
    todayFromClock: false,
    initialDbs: () => structuredClone(dbs),
    initializationActions: [],
    dbStateAssertions: [],
    nlAssertions: [],
    goldCalls: () => calls,
    shippedExpectedDb: () => undefined,
    agentPrompt: () => "fake policy",
    userPrompt: () => "",
    user: { opening: "", goal: "", knownInfo: "", unknownInfo: "", instructions: "" },
    labels: {},
  };
}

const task = (actions: Obj[], extra: Obj = {}): Tau2Task => ({ id: "_fake_1", evaluation_criteria: { actions }, ...extra }) as unknown as Tau2Task;
const replay = (d: Domain, s: Scenario) => goldReplay(d, s, { today: s.today, rng: createRng(0) });
const FAKE = domainOf([fakeTool("rebook_flight"), fakeTool("cancel_reservation")]);

describe("_gold_replay", () => {
  it("test_gold_replay_returns_db_user_db_and_actions_consistent_with_replay", () => {
    const r = replay(FAKE, scenarioOf(goldCallsOf(task(FAKE_ACTIONS))));
    const db = r.state.dbs.agent as Obj;
    expect(db.rebook_flight_calls).toBe(1);
    expect(db.cancel_reservation_calls).toBe(1);
    expect(r.state.dbs.user).toBeUndefined();
    expect(r.actions.map((a) => a.type)).toEqual(["rebook_flight", "cancel_reservation"]);
  });
  it("test_expected_dbs_and_reference_answer_are_views_of_same_replay", () => {
    const s = scenarioOf(goldCallsOf(task(FAKE_ACTIONS)));
    const env = { today: s.today, rng: createRng(0) };
    const expected = expectedFor({ scenario: s, domain: FAKE }, env);
    const r = replay(FAKE, s);
    expect(expected.db).toEqual(r.state.dbs.agent);
    expect(expected.referenceActions).toEqual(r.actions);
  });
  it("test_gold_replay_stamps_side_from_requestor", () => {
    const r = replay(FAKE, scenarioOf(goldCallsOf(task(FAKE_ACTIONS))));
    expect(r.actions[0]!.side).toBe("agent");
    expect(r.actions[1]!.side).toBe("agent");
  });
  it("test_gold_replay_telecom_user_side_tagged", () => {
    const actions = [
      { action_id: "u_0", name: "set_phone_mode", arguments: { airplane_mode: false }, compare_args: null, requestor: "user" },
      { action_id: "a_0", name: "lookup_account", arguments: { phone: "555-1234" }, compare_args: null, requestor: "assistant" },
    ];
    const d = domainOf([fakeTool("lookup_account")], [fakeTool("set_phone_mode")]);
    const dbs = { agent: { users: { u1: { name: "Test" } }, reservations: {} }, user: { phone_state: { airplane_mode: true } } };
    const r = replay(d, scenarioOf(goldCallsOf(task(actions)), dbs));
    expect(r.state.dbs.user).toBeDefined();
    expect((r.state.dbs.user as Obj).phone_state.airplane_mode).toBe(true);
    expect(r.actions[0]!.side).toBe("user");
    expect(r.actions[1]!.side).toBe("agent");
  });
  it("test_gold_replay_missing_tool_does_not_crash", () => {
    const r = replay(FAKE, scenarioOf(goldCallsOf(task([{ action_id: "x_0", name: "tool_that_doesnt_exist", arguments: {}, compare_args: null }]))));
    expect(r.actions).toEqual([]);
    expect(r.warnings.join("\n")).toContain("tool_that_doesnt_exist");
  });
  it("test_gold_replay_erroring_tool_does_not_crash", () => {
    const r = replay(domainOf([boom]), scenarioOf(goldCallsOf(task([{ action_id: "e_0", name: "boom", arguments: {}, compare_args: null }]))));
    expect(r.actions).toEqual([]);
    expect(r.warnings.join("\n")).toContain("boom blew up");
  });
  it("test_gold_replay_empty_actions_returns_initial_db", () => {
    const r = replay(FAKE, scenarioOf(goldCallsOf(task([]))));
    expect(r.actions).toEqual([]);
    expect((r.state.dbs.agent as Obj).users.u1.name).toBe("Test");
  });
});

const STRUCTURED = {
  persona: null,
  instructions: {
    task_instructions: "Be polite. Insist on a refund.",
    domain: "airline",
    reason_for_call: "Cancel reservation ABC123 and get a refund.",
    known_info: "You are Emma Kim. Your user id is emma_kim_9957.",
    unknown_info: null as string | null,
  },
};
const structured = (edit: (ins: Obj) => void = () => undefined): Tau2Task => {
  const us = structuredClone(STRUCTURED) as Obj;
  edit(us.instructions);
  return task(FAKE_ACTIONS, { user_scenario: us });
};
/** The `### heading` block of a rendered caller prompt, without its heading line. */
function infoSection(prompt: string, heading: string): string | undefined {
  const at = prompt.indexOf(`### ${heading}\n`);
  if (at < 0) return undefined;
  const rest = prompt.slice(at + heading.length + 5);
  const end = rest.search(/\n\n|\n#/);
  return end < 0 ? rest : rest.slice(0, end);
}

describe("agent prompt", () => {
  it("test_get_agent_prompt_starts_with_policy_md_verbatim", () => {
    const prompt = tau2AgentPrompt("fake policy");
    expect(prompt.startsWith("fake policy")).toBe(true);
    expect(prompt).not.toContain("You are a tau2");
    expect(prompt.split("## Additional Notes to Follow")[0]!.trimEnd()).toBe("fake policy");
  });
  it("test_get_agent_prompt_appends_voice_realization_addenda", () => {
    const prompt = tau2AgentPrompt("fake policy");
    expect(prompt).toContain("## Additional Notes to Follow");
    // evalsim's words for GENERAL_PROMPT's "Keep your responses concise" and the spelling rule.
    expect(prompt).toContain(SPOKEN_STYLE_NOTE);
    expect(prompt).toContain("Keep each reply short and conversational");
    expect(prompt).toContain(SPELL_IDENTIFIERS_NOTE);
    expect(prompt.indexOf("fake policy")).toBeLessThan(prompt.indexOf("## Additional Notes to Follow"));
  });
});

describe("caller prompt from the task's user scenario", () => {
  it("test_user_persona_pulled_from_user_scenario_instructions", () => {
    const prompt = tau2UserPrompt(structured());
    const persona = prompt.split("\n\n# Task")[0]!;
    expect(persona).toContain("Insist on a refund");
    expect(persona).not.toContain("Emma Kim");
  });
  it("test_user_resources_carries_known_info_as_info_section", () => {
    const prompt = tau2UserPrompt(structured());
    expect(infoSection(prompt, "Things you know")).toContain("Emma Kim");
    expect(infoSection(prompt, "Things you don't know")).toBeUndefined();
  });
  it("test_user_resources_carries_unknown_info_when_present", () => {
    const prompt = tau2UserPrompt(structured((ins) => (ins.unknown_info = "You do not remember your email address.")));
    expect(infoSection(prompt, "Things you know")).toMatch(/^- You are Emma Kim/);
    expect(infoSection(prompt, "Things you don't know")!.toLowerCase()).toContain("email");
  });
  it("test_user_resources_info_sections_none_when_both_missing", () => {
    const prompt = tau2UserPrompt(
      structured((ins) => {
        ins.known_info = null;
        ins.unknown_info = null;
      }),
    );
    expect(prompt).not.toContain("## Additional Information");
  });
  it("test_general_prompt_includes_anti_fabrication_rule", () => {
    expect(NO_FABRICATION_NOTE).toContain("Never make anything up");
    expect(tau2UserPrompt(structured())).toContain(NO_FABRICATION_NOTE);
    expect(tau2AgentPrompt("fake policy")).toContain(NO_FABRICATION_NOTE);
  });
  it("test_user_task_uses_reason_for_call", () => {
    const taskPart = tau2UserPrompt(structured()).split("# Task")[1]!.split("# Actions")[0]!;
    expect(taskPart).toContain("Cancel reservation ABC123");
  });
  it("test_user_actions_include_voice_alphanumeric_rule", () => {
    const actions = tau2UserPrompt(structured()).split("# Actions")[1]!.split("# Resources")[0]!;
    expect(actions).toContain(SPELL_IDENTIFIERS_NOTE);
  });
  // tau2's own Task model requires user_scenario, and so does evalsim's task schema:
  // such a task is refused when the tasks file loads (the reference's fake scenario bypasses the model).
  it("test_user_side_handles_missing_user_scenario_gracefully (divergence: refused at load)", () => {
    const r = Tau2TaskSchema.safeParse({ id: "_fake_1", evaluation_criteria: { actions: [] } });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join("."))).toContain("user_scenario");
  });
  it("test_get_user_prompt_uses_structured_properties_end_to_end", () => {
    const prompt = tau2UserPrompt(structured());
    expect(prompt).toContain("Emma Kim");
    expect(prompt).toContain("Cancel reservation ABC123");
    expect(prompt).toContain("one character at a time");
  });
});
