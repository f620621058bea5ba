/**
 * Telecom, model-based: random interleavings of phone tools, agent tools and
 * init functions of both sides, each followed by sync, checked after every
 * step against the phone model and the sync rules (see
 * arbitraries/telecom-checks.ts for the full list).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import type { Domain } from "../../src/engine/domain.js";
import { applyInitialization } from "../../src/engine/init.js";
import { runSync } from "../../src/engine/sync.js";
import type { JsonObject } from "../../src/json/types.js";
import { isJsonObject } from "../../src/json/types.js";
import { unit } from "../../src/fuzz/call-plans.js";
import { AGENT_INIT_FUNCTIONS, phoneModelOf, USER_INIT_FUNCTIONS } from "./arbitraries/phone-model.js";
import type { TelecomModel, TelecomReal } from "./arbitraries/telecom-commands.js";
import { telecomCommandsArb } from "./arbitraries/telecom-commands.js";
import { MODELLED_PREDICATES } from "./arbitraries/telecom-checks.js";
import { liveEnv } from "../../src/fuzz/worlds.js";
import { entriesOf, worldAt } from "./worlds.js";
import { runs } from "./settings.js";

const telecom = registry.domains.find((d) => d.sync !== undefined && d.initFunctions !== undefined) as Domain;

/** A run starts from a scenario's initial state after one network search, so the phone shows derived values. */
function setup(pick: number): { model: TelecomModel; real: TelecomReal } {
  const world = worldAt(telecom, pick);
  const user = applyInitialization(telecom, world.initial.dbs.user as JsonObject, [{ side: "user", func_name: "simulate_network_search", arguments: {} }], { today: world.today });
  const state = runSync(telecom, { ...world.initial, dbs: { ...world.initial.dbs, user: user.db } }).state;
  const real: TelecomReal = { state, domain: telecom, env: liveEnv(world), today: world.today };
  return { model: { phone: phoneModelOf(state.dbs.user as JsonObject) }, real };
}

function phonesOf(domain: Domain): string[] {
  const agent = worldAt(domain, 0).initial.dbs.agent as JsonObject;
  const numbers = ["lines", "customers"].flatMap((t) => (Array.isArray(agent[t]) ? agent[t] : []).filter(isJsonObject).map((r) => r["phone_number"]));
  return [...new Set(numbers.filter((p): p is string => typeof p === "string"))];
}

describe("telecom, model-based", () => {
  it("the model covers every init function and predicate the domain registers", () => {
    expect(Object.keys(telecom.initFunctions ?? {}).sort()).toEqual([...USER_INIT_FUNCTIONS, ...AGENT_INIT_FUNCTIONS].sort());
    expect(Object.keys(telecom.predicates ?? {}).sort()).toEqual([...MODELLED_PREDICATES].sort());
    expect(entriesOf(telecom).length).toBeGreaterThan(0);
  });

  it("sync fixpoint, applier equivalence, network derivation and predicates hold on any interleaving", () => {
    const phones = phonesOf(telecom);
    fc.assert(
      fc.property(unit, telecomCommandsArb(phones, 30), (pick, cmds) => {
        const { model, real } = setup(pick);
        fc.modelRun(() => ({ model, real }), cmds);
      }),
      runs(400),
    );
  });
});
