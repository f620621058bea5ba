import { createRegistry } from "../engine/registry.js";
import { evaAirline } from "./eva_airline/index.js";
import { tau2Airline } from "./tau2_airline/index.js";
import { tau2Retail } from "./tau2_retail/index.js";
import { tau2Telecom } from "./tau2_telecom/index.js";

/** Every domain evalsim knows, registered explicitly (no import side effects). */
export const registry = createRegistry([evaAirline, tau2Airline, tau2Retail, tau2Telecom]);
