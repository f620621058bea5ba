/**
 * Worker-thread entry for `evalsim run --workers N`. Builds its own bots from
 * the spec and loads each domain's fixtures (once, frozen) the first time one
 * of its scenarios arrives; then runs jobs and writes their folders exactly
 * as the main thread would.
 */
import { workerData } from "node:worker_threads";
import type { Catalog } from "../../engine/catalog.js";
import { loadCatalog } from "../../engine/catalog.js";
import { buildRegistry } from "../../plugins/load.js";
import { prepareBots } from "../bots/spec.js";
import { executeJob } from "../scenario/execute.js";
import type { RunJobMessage, RunWorkerSetup } from "./execute-jobs.js";
import type { JobResult } from "../scenario/execute.js";
import { applyWorkerPack } from "../inputs/prompt-pack.js";
import { serveJobs } from "./messages.js";

await serveJobs<RunJobMessage, JobResult>(async () => {
  const setup = workerData as RunWorkerSetup;
  const registry = await buildRegistry(setup.plugins);
  const botsFor = await prepareBots(setup.bots, setup.sharedLimits);
  const rootOpts = { flag: setup.dataRoot.flag, env: { EVAL_DATA_ROOT: setup.dataRoot.env } };
  const catalogs = new Map<string, Catalog>();
  return async (msg) => {
    let catalog = catalogs.get(msg.domain);
    if (!catalog) {
      const domain = registry.domain(msg.domain);
      if (!domain) throw new Error(`unknown domain '${msg.domain}'`);
      catalogs.set(msg.domain, (catalog = applyWorkerPack(loadCatalog(registry, rootOpts, [domain]), setup.promptPack)));
    }
    const entry = catalog.byName.get(msg.scenario);
    if (!entry) throw new Error(`unknown scenario '${msg.scenario}' in domain '${msg.domain}'`);
    const job = { entry, trial: msg.trial, index: msg.index };
    return executeJob(job, botsFor(job), setup.options);
  };
});
