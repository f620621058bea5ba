import { createRegistry } from "../engine/registry.js";
import type { Domain } from "../engine/domain.js";
import { evaAirline } from "./eva_airline/index.js";
import { tau2Airline } from "./tau2_airline/index.js";
import { tau2Retail } from "./tau2_retail/index.js";
import { tau2Telecom } from "./tau2_telecom/index.js";

/**
 * The domains evalsim ships. This module is itself a domain module, read by
 * the same code that reads a plugin (`domains` lists them in order).
 */
export const domains: readonly Domain[] = [evaAirline, tau2Airline, tau2Retail, tau2Telecom];

/** The built-in domains alone, registered explicitly (no import side effects). */
export const registry = createRegistry(domains);
