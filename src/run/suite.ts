/**
 * `runSuite`: a whole run, as a library call. It opens the run folder (a new
 * one, or `--resume DIR` with that run's own options), plans the jobs, skips
 * what is finished, runs the rest (each scenario written atomically as soon
 * as it ends, up to `maxConcurrency` in flight), then writes the run-level
 * files from what is on disk. It stops early, leaving a resumable folder,
 * when the control says so (a signal) or when `maxEndpointFailures`
 * scenarios in a row errored by the same endpoint failure.
 */
import { rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import type { CatalogEntry } from "../engine/catalog.js";
import { pluginModuleOf } from "../plugins/load.js";
import { checkTodayApplies, domainsFor, loadCatalog, selectScenarios } from "../engine/catalog.js";
import type { Registry } from "../engine/registry.js";
import { writeFileAtomic } from "../json/atomic-write.js";
import { toJsonText } from "../json/stringify.js";
import type { JsonObject } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import type { BotSpec } from "./bots/spec.js";
import type { JobResult } from "./scenario/execute.js";
import { notReplayedText } from "../replay/not-replayed.js";
import { executeJobs } from "./workers/execute-jobs.js";
import type { Job } from "./jobs.js";
import { planJobs } from "./jobs.js";
import { clearLeftovers, RUN_CONFIG_FILE } from "./layout.js";
import type { RunControl } from "./control.js";
import { createRunControl } from "./control.js";
import type { RunEvent, StopCause } from "./events.js";
import type { SuiteReport } from "./folder/summary-files.js";
import { collectMetrics, writeRunFiles } from "./folder/summary-files.js";
import type { OpenedRun } from "./folder/open.js";
import { createRunFolder, openReusedRunFolder, openRunForResume } from "./folder/open.js";
import type { GivenSettings, RunSettings } from "./folder/config.js";
import { DEFAULT_SETTINGS, limitsOf, PLUGIN_MODULES_KEY, reconcileSettings, runConfigJson, settingsFromConfig } from "./folder/config.js";
import { RunInterruptedError, RunSetupError } from "./setup-error.js";
import { splitFinished } from "./folder/resume.js";
import { pluginArgs } from "./resume-command.js";
import type { WorkerPromptPack } from "./inputs/prompt-pack.js";
import { loadRunPromptPack, PROMPT_PACK_FILE_KEY, resumedPromptPack } from "./inputs/prompt-pack.js";
import type { Endpoint, ResumedConfig, SuiteInputs } from "./inputs/files.js";
import { CALLS_FILE_KEY, CASSETTES_KEY, resolveInputs } from "./inputs/files.js";
import { usesLlm } from "./bots/llm.js";
import type { Acceptance } from "./folder/trust.js";
import { runFolderProvenance, signRunConfig, untrustedAsks } from "./folder/trust.js";

export { RunInterruptedError, RunSetupError } from "./setup-error.js";

/** What `runSuite` runs: the registry, the run's settings and where the run folder goes. */
export interface SuiteRequest {
  readonly registry: Registry;
  /** `--data-root` and `EVAL_DATA_ROOT`; left out, the process's EVAL_DATA_ROOT, then the default chain. */
  readonly dataRoot?: { readonly flag?: string | undefined; readonly env?: string | undefined };
  /** Result-changing options as given; unset ones take the defaults (a new run) or the run folder's (a resume). */
  readonly settings: GivenSettings;
  /** Config files, recorded calls, cassettes: paths as given. */
  readonly inputs?: SuiteInputs;
  /** The environment (API-key variables are checked before anything starts). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Where a new run folder goes (`<out>/eval_<stamp>`); default `eval_results`. */
  readonly out?: string | undefined;
  /** Instead of `out`: exactly this folder, an earlier run in it replaced (check's one reusable folder). */
  readonly reuseDir?: string | undefined;
  readonly resume?: string | undefined;
  /** With `resume`: scenarios to add to the run's selection. */
  readonly addScenarios?: readonly string[] | undefined;
  /** Threads; default 1 when a model is involved, else one per core. */
  readonly workers?: number | undefined;
  /** Conversations in flight; default 16 when a model is involved, else 1. */
  readonly maxConcurrency?: number | undefined;
  /** Stop after this many scenarios in a row errored by the same endpoint failure (0: never); default 5. */
  readonly maxEndpointFailures?: number | undefined;
  /** Names a new run folder; nothing else reads the clock. */
  readonly now: () => Date;
  readonly onEvent?: (e: RunEvent) => void;
  readonly control?: RunControl;
}

/** What `runSuite` wrote: the run folder and the run's report (totals, per-domain rates, failures). */
export interface SuiteResult {
  readonly runDir: string;
  readonly report: SuiteReport;
  readonly settings: RunSettings;
  /** Set when the run stopped before every job ran. */
  readonly stopped?: { readonly cause: StopCause; readonly message: string };
  /** Arguments of `evalsim` that continue this run. */
  readonly resumeArgs: readonly string[];
}

export const DEFAULT_MAX_ENDPOINT_FAILURES = 5;

const defined = (o: GivenSettings): Partial<RunSettings> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** A model plays a side or judges (a resumed run's recorded judge included). */
const modelInvolved = (bots: BotSpec): boolean => usesLlm(bots);

/** The selection with `--add-scenarios` folded in: explicit names, in catalog order. */
function withAdded(s: RunSettings, selected: readonly CatalogEntry[], added: readonly string[], all: readonly CatalogEntry[]): RunSettings {
  const have = new Set(selected.map((e) => e.scenario.name));
  const already = added.filter((n) => have.has(n));
  if (already.length > 0) throw new RunSetupError(`--add-scenarios: already in the run: ${already.join(", ")}`);
  const known = new Set(all.map((e) => e.scenario.name));
  const unknown = added.filter((n) => !known.has(n));
  if (unknown.length > 0) throw new RunSetupError(`--add-scenarios: unknown scenario(s): ${unknown.join(", ")}`);
  const want = new Set([...have, ...added]);
  return { ...s, domain: null, scenarios: all.filter((e) => want.has(e.scenario.name)).map((e) => e.scenario.name) };
}

interface Prepared {
  readonly settings: RunSettings;
  readonly jobs: Job[];
  readonly bots: BotSpec;
  readonly config: JsonObject;
  readonly promptPack?: WorkerPromptPack;
  readonly endpoints: readonly Endpoint[];
}

/** Everything checked and read before the run folder is touched. */
function prepare(req: SuiteRequest, base: RunSettings, added: readonly string[] | undefined, resumed?: ResumedConfig): Prepared {
  const rootOpts = { flag: req.dataRoot?.flag, env: { EVAL_DATA_ROOT: req.dataRoot?.env } };
  const inputs = req.inputs ?? {};
  let settings = base;
  const sel = { domain: settings.domain ?? undefined, scenarios: settings.scenarios ?? undefined, limit: settings.limit, sample: settings.sample, seed: settings.seed };
  let domains = domainsFor(req.registry, added ? {} : sel);
  const catalog = loadCatalog(req.registry, rootOpts, domains);
  let entries = selectScenarios(catalog, sel);
  if (added && added.length > 0) {
    settings = withAdded(settings, entries, added, catalog.entries);
    entries = selectScenarios(catalog, { scenarios: settings.scenarios ?? undefined });
    domains = domainsFor(req.registry, { scenarios: settings.scenarios ?? undefined });
  }
  const names = entries.map((e) => e.scenario.name);
  const pack = inputs.promptPack !== undefined ? loadRunPromptPack(inputs.promptPack, catalog, names) : resumed && resumedPromptPack(resumed.config, resumed.file, catalog, names);
  if (pack) entries = selectScenarios(pack.catalog, { scenarios: entries.map((e) => e.scenario.name) });
  checkTodayApplies(entries, settings.today);
  const jobs = planJobs(entries, settings.trials, settings.shard ?? undefined);
  const resolved = resolveInputs(settings, inputs, jobs, domains, rootOpts, req.env, resumed);
  const modules = [...new Set(domains.flatMap((d) => pluginModuleOf(d) ?? []))];
  const inputsDescribed = {
    ...resolved.provenance.inputs,
    ...(pack ? { prompt_pack: { flag: "--prompt-pack", value: pack.described }, [PROMPT_PACK_FILE_KEY]: { flag: "--prompt-pack", value: pack.forWorkers.file } } : {}),
    ...(modules.length > 0 ? { [PLUGIN_MODULES_KEY]: { flag: "--domains", value: modules } } : {}),
  };
  const provenance = { ...resolved.provenance, inputs: inputsDescribed };
  return { settings, jobs, bots: resolved.bots, config: runConfigJson(settings, provenance), endpoints: resolved.endpoints, ...(pack ? { promptPack: pack.forWorkers } : {}) };
}

function checkResumeConfig(recorded: JsonObject, fresh: JsonObject, file: string, warn: (m: string) => void): void {
  const show = (v: unknown): string => (v === undefined ? "(not set)" : toJsonText(v as JsonObject));
  if (recorded["evalsim_version"] !== undefined && recorded["evalsim_version"] !== fresh["evalsim_version"]) {
    warn(`the run was started by evalsim ${show(recorded["evalsim_version"])}; this is ${show(fresh["evalsim_version"])}`);
  }
  const was = recorded["data_digest"];
  const now = fresh["data_digest"];
  if (isJsonObject(was) && isJsonObject(now)) {
    const changed = Object.keys(was).filter((d) => now[d] !== undefined && now[d] !== was[d]);
    if (changed.length > 0) throw new RunSetupError(`the fixture data of ${changed.join(", ")} differs from the run's (${file}: data_digest); resume with the data root the run used`);
  }
  for (const key of new Set([...Object.keys(recorded), ...Object.keys(fresh)])) {
    // The cassettes do not change results: a resume may move them or change their mode.
    // A pack or calls given again may sit elsewhere: their digests decide.
    if (key === "evalsim_version" || key === "data_digest" || key === CASSETTES_KEY || key === PROMPT_PACK_FILE_KEY || key === CALLS_FILE_KEY) continue;
    if (toJsonText(recorded[key] ?? null) !== toJsonText(fresh[key] ?? null)) {
      throw new RunSetupError(`${file}: ${key} is ${show(recorded[key])}, but this resume gives ${show(fresh[key])}${inputFlagHint(key)}`);
    }
  }
}

const pick = (o: JsonObject, key: string): JsonObject => (o[key] === undefined ? {} : { [key]: o[key] });

const INPUT_HINT: Readonly<Record<string, string>> = {
  agent_llm: "leave --agent-config out to use the run's own, or give the run's config file again",
  user_llm: "leave --user-config out to use the run's own, or give the run's config file again",
  judge_llm: "leave --judge-config out to use the run's own (a run without a judge takes none)",
  calls_digest: "give the run's --calls again, or leave it out to read the ones the run recorded",
  prompt_pack: "give the run's --prompt-pack again, or leave it out to read the one the run recorded (none, if it had none)",
};
const inputFlagHint = (key: string): string => (INPUT_HINT[key] ? `; ${INPUT_HINT[key]}` : "");

/** What the command line of a resume accepts of an unsigned folder's asks. */
function acceptanceOf(req: SuiteRequest): Acceptance {
  const i = req.inputs ?? {};
  return {
    modules: new Set(req.registry.domains.flatMap((d) => pluginModuleOf(d) ?? [])),
    configs: { ...(i.agentConfig !== undefined ? { agent: i.agentConfig } : {}), ...(i.userConfig !== undefined ? { user: i.userConfig } : {}), ...(i.judgeConfig !== undefined ? { judge: i.judgeConfig } : {}) },
    baseUrls: i.baseUrls ?? [],
    apiKeyEnvs: i.apiKeyEnvs ?? [],
    cassettes: i.cassettes,
    cassetteMode: i.cassetteMode,
    promptPack: i.promptPack,
  };
}

function resumeArgsOf(runDir: string, req: SuiteRequest): string[] {
  const i = req.inputs ?? {};
  const pairs: [string, string | undefined][] = [
    ["--data-root", req.dataRoot?.flag],
    ["--agent-config", i.agentConfig],
    ["--user-config", i.userConfig],
    ["--judge-config", i.judgeConfig],
    ["--calls", i.calls],
    ["--prompt-pack", i.promptPack],
    ["--cassettes", i.cassettes],
    ["--cassette-mode", i.cassetteMode],
  ];
  // The plugin modules the run's domains came from: a resumed run must load them again (given twice, a module registers once).
  const plugins = pluginArgs([...new Set(req.registry.domains.flatMap((d) => pluginModuleOf(d) ?? []))]);
  return ["run", "--resume", runDir, ...pairs.flatMap(([flag, v]) => (v === undefined ? [] : [flag, v])), ...plugins];
}

/** Simulate and score the selected scenarios into a new run folder (or continue one with `resume`): what `evalsim run` does. */
export async function runSuite(request: SuiteRequest): Promise<SuiteResult> {
  // A library call that names no data root finds it as loadCatalog does: EVAL_DATA_ROOT, then the default chain.
  const req: SuiteRequest = request.dataRoot ? request : { ...request, dataRoot: { env: process.env["EVAL_DATA_ROOT"] } };
  const emit = (e: RunEvent): void => req.onEvent?.(e);
  const given = defined(req.settings);
  let opened: OpenedRun;
  let prepared: Prepared;
  if (req.resume !== undefined) {
    const run = openRunForResume(req.resume);
    opened = run;
    try {
      const file = join(run.dir, RUN_CONFIG_FILE);
      // Before anything the folder names is read, loaded or contacted: is it this user's?
      const provenance = runFolderProvenance(run.dir);
      if (!provenance.trusted) {
        const asks = untrustedAsks(run.config, run.dir, acceptanceOf(req));
        if (asks.length > 0) {
          throw new RunSetupError(`--resume ${req.resume}: not a run folder this user started here (${provenance.why}), and its ${RUN_CONFIG_FILE} asks for ${asks.map((a) => `${a.what} [accept: ${a.accept}]`).join("; ")}; nothing was run or sent`);
        }
      }
      const recorded = reconcileSettings(settingsFromConfig(run.config, file), given, file);
      prepared = prepare(req, recorded, req.addScenarios, { config: run.config, file });
      // Added scenarios change the selection, and may bring the domains of another plugin.
      const selection = req.addScenarios ? { domain: prepared.config["domain"] ?? null, scenarios: prepared.config["scenarios"] ?? null } : {};
      const compareTo: JsonObject = { ...run.config, ...selection, min_agent_turns: prepared.config["min_agent_turns"] ?? null };
      if (req.addScenarios) {
        delete compareTo[PLUGIN_MODULES_KEY];
        Object.assign(compareTo, pick(prepared.config, PLUGIN_MODULES_KEY));
      }
      checkResumeConfig(compareTo, prepared.config, file, (m) => emit({ type: "warning", message: m }));
      const rewrite = toJsonText(run.config) !== toJsonText(compareTo);
      if (rewrite) writeFileAtomic(file, toJsonText(prepared.config, 2) + "\n");
      // What this user accepted (or wrote) is signed, so the next resume needs no flags.
      if (rewrite || !provenance.trusted) signRunConfig(run.dir, prepared.config);
      clearLeftovers(run.dir, new Set(prepared.jobs.map((j) => j.entry.scenario.name)), prepared.settings.trials);
    } catch (e) {
      run.lock.release();
      throw e;
    }
  } else {
    if (req.addScenarios !== undefined) throw new RunSetupError("--add-scenarios is used only with --resume DIR");
    prepared = prepare(req, { ...DEFAULT_SETTINGS, ...given }, undefined);
    opened = req.reuseDir !== undefined ? openReusedRunFolder(req.reuseDir) : createRunFolder(req.out ?? "eval_results", req.now());
    try {
      writeFileAtomic(join(opened.dir, RUN_CONFIG_FILE), toJsonText(prepared.config, 2) + "\n");
      signRunConfig(opened.dir, prepared.config);
    } catch (e) {
      // A run that could not record its options never started: no lock, and no folder of its own, is left.
      opened.lock.release();
      if (req.reuseDir === undefined) rmSync(opened.dir, { recursive: true, force: true });
      throw e;
    }
  }
  const runDir = opened.dir;
  try {
    const { settings, jobs, bots, promptPack } = prepared;
    if (prepared.endpoints.length > 0) emit({ type: "endpoints", endpoints: prepared.endpoints });
    const model = modelInvolved(bots);
    const split = splitFinished(runDir, jobs, settings.trials, settings.minAgentTurns);
    for (const r of split.repaired) emit({ type: "warning", message: `incomplete scenario folder removed, to run again: ${r}` });
    emit({ type: "planned", runDir, total: jobs.length, alreadyDone: split.done.length, toRun: split.todo.length });

    const control = req.control ?? createRunControl();
    const limit = req.maxEndpointFailures ?? DEFAULT_MAX_ENDPOINT_FAILURES;
    let streak: { key: string; count: number } | undefined;
    let inFlight = 0;
    const ref = (j: Job) => ({ scenario: j.entry.scenario.name, trial: j.trial });
    const onDone = (job: Job, r: JobResult): void => {
      inFlight--;
      emit({ type: "finished", job: ref(job), status: r.status, inFlight });
      if (r.notReplayed) emit({ type: "warning", message: `${job.entry.scenario.name}${settings.trials > 1 ? ` (trial ${job.trial})` : ""}: ${notReplayedText(r.notReplayed.calls, r.notReplayed.stopReason)}` });
      const f = r.endpointFailure;
      streak = f ? (streak?.key === f.key ? { key: f.key, count: streak.count + 1 } : { key: f.key, count: 1 }) : undefined;
      if (f && limit > 0 && streak && streak.count >= limit && control.stopped === undefined) {
        const message = `${streak.count} scenarios in a row errored with the same endpoint failure: ${f.message}`;
        emit({ type: "stopping", reason: "endpoint_failures", message });
        control.stop("endpoint_failures", message);
      }
    };
    control.onStop((cause, message) => {
      if (cause !== "endpoint_failures") emit({ type: "stopping", reason: cause, message });
    });
    await executeJobs(split.todo, {
      options: { runDir, trials: settings.trials, seed: settings.seed, today: settings.today ?? undefined, minAgentTurns: settings.minAgentTurns, strictMatch: settings.strictMatch, limits: limitsOf(settings), channel: settings.channel, gateReadability: settings.gates.includes("voice_readability"), gatePolicy: settings.gates.includes("policy") },
      workers: req.workers ?? (model ? 1 : availableParallelism()),
      concurrency: req.maxConcurrency ?? (model ? 16 : 1),
      bots,
      dataRoot: { flag: req.dataRoot?.flag, env: req.dataRoot?.env },
      ...(promptPack ? { promptPack } : {}),
      control,
      onStart: (job) => {
        inFlight++;
        emit({ type: "started", job: ref(job), inFlight });
      },
      onDone,
      onWorkerStartFailure: (reason) => emit({ type: "warning", message: `a worker thread could not start (${reason}); its scenarios run on the other threads` }),
    });
    const report = writeRunFiles(runDir, collectMetrics(runDir, jobs, settings.trials), settings.trials, jobs.length);
    const stopped = control.stopped;
    return { runDir, report, settings, ...(stopped ? { stopped } : {}), resumeArgs: resumeArgsOf(runDir, req) };
  } catch (e) {
    throw new RunInterruptedError(runDir, e, resumeArgsOf(runDir, req));
  } finally {
    opened.lock.release();
  }
}
