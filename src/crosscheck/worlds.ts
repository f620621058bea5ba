/** How the reference driver builds a scenario's starting state (see python/crosscheck_reference_driver.py's worlds). */
import type { World } from "../fuzz/worlds.js";
import type { ReferenceWorld } from "./reference-process.js";

export function referenceWorld(world: Pick<World, "domain" | "entry">): ReferenceWorld {
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
