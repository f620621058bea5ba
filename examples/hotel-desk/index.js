// @ts-check
/**
 * hotel_desk: a hotel's front desk (agent side) and the guest's hotel app
 * (user side), kept in agreement by a sync rule. Load it with
 * `evalsim --domains ./hotel-desk/index.js <command>`.
 */
import { fileURLToPath } from "node:url";
import { defineDomain } from "evalsim";
import { hotelScenarios } from "./scenarios.js";
import { HotelAppDbSchema, HotelDbSchema } from "./schemas.js";
import { hotelSync, predicates, userInitFunctions } from "./sync.js";
import { agentTools, userTools } from "./tools.js";

/** This folder's `data/`: the domain ships its own fixtures. */
const dataRoot = fileURLToPath(new URL("./data", import.meta.url));

export default defineDomain({
  name: "hotel_desk",
  tools: { agent: agentTools, user: userTools },
  initFunctions: userInitFunctions,
  predicates,
  sync: hotelSync,
  fixtures: {
    dataRoot,
    files: [
      { kind: "db", path: "db", schema: HotelDbSchema },
      { kind: "db", path: "user_db", schema: HotelAppDbSchema },
    ],
    dbSchemas: { agent: HotelDbSchema, user: HotelAppDbSchema },
  },
  scenarios: (root) => hotelScenarios(`${root}/hotel_desk`),
});
