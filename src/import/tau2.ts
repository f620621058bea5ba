/**
 * tau2-bench's `tau2 run` results file (`tau2.data_model.simulation.Results`):
 * `info.environment_info.domain_name`, and `simulations[]` each with its
 * `task_id`, `messages` (the recording) and `reward_info.reward` (1.0 is a
 * pass). tau2 records no DB hash. A task id matches the scenario of bucket
 * `tau2_<domain>` whose upstream id it is. A run's folder
 * (`data/simulations/<run>/`) is read through its `results.json`.
 */
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import type { JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import { callsFromTau2Messages } from "../replay/formats/tau2-messages.js";
import { CallsFileError } from "../replay/formats/types.js";
import { readSourceJson } from "./read-json.js";
import type { SourceRun, SourceScenario } from "./types.js";
import { ImportError } from "./types.js";

function simulation(sim: JsonValue, i: number, domain: string, file: string): SourceScenario {
  const at = `${file}: simulations[${i}]`;
  if (!isJsonObject(sim) || typeof sim["task_id"] !== "string") throw new ImportError(`${at}: expected a simulation with a task_id`);
  const messages = sim["messages"] ?? [];
  if (!Array.isArray(messages)) throw new ImportError(`${at}.messages: expected an array`);
  let calls;
  try {
    calls = callsFromTau2Messages(messages, "messages").map(({ recorded: _recorded, ...call }) => call);
  } catch (e) {
    if (e instanceof CallsFileError) throw new ImportError(`${at}.${e.message}`);
    throw e;
  }
  const reward = isJsonObject(sim["reward_info"]) ? sim["reward_info"]["reward"] : undefined;
  const trial = typeof sim["trial"] === "number" ? ` (trial ${sim["trial"]})` : "";
  return { sourceName: `${domain} task ${sim["task_id"]}${trial}`, key: { bucket: `tau2_${domain}`, upstreamId: sim["task_id"] }, calls, verdict: typeof reward === "number" ? reward === 1 : null, hash: null };
}

export function readTau2Results(given: string): SourceRun {
  const path = existsSync(given) && statSync(given).isDirectory() ? join(given, "results.json") : given;
  if (!existsSync(path)) throw new ImportError(`${given}: expected a tau2 results JSON file, or a run folder holding results.json (tau2 run's output)`);
  const doc = readSourceJson(path);
  const info = isJsonObject(doc) ? doc["info"] : undefined;
  const env = isJsonObject(info) ? info["environment_info"] : undefined;
  const domain = isJsonObject(env) ? env["domain_name"] : undefined;
  if (!isJsonObject(doc) || !Array.isArray(doc["simulations"]) || typeof domain !== "string") {
    throw new ImportError(`${path}: no tau2 results here (expected {info: {environment_info: {domain_name}}, tasks, simulations: [...]})`);
  }
  return { format: "tau2", scenarios: doc["simulations"].map((s, i) => simulation(s, i, domain, path)) };
}
