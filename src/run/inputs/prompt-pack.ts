/**
 * `--prompt-pack FILE` on a run: the pack is read and checked up front (a bad
 * pack, or one without an entry for a selected scenario, stops the run before
 * it starts), applied to the catalog so every thread sends exactly its texts
 * and tool specs, and described in `run_config.json` by a digest (compare
 * sees two runs with different packs) and its path (a resume reads it again,
 * refused if it changed since the run started).
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { Catalog } from "../../engine/catalog.js";
import type { PackEntry } from "../../engine/prompt-pack.js";
import { applyPromptPack, PACK_FORMAT, PACK_VERSION, PromptPackError, readPromptPack } from "../../engine/prompt-pack.js";
import type { JsonObject } from "../../json/types.js";
import { jsonDigest } from "../../hash/provenance-digest.js";
import { RunSetupError } from "../setup-error.js";

/** run_config.json's key for the pack's absolute path, beside `prompt_pack` (written only by runs with a pack). */
export const PROMPT_PACK_FILE_KEY = "prompt_pack_file";

/**
 * The pack a resumed run reads when `--prompt-pack` is not given again: the
 * one it recorded, which must still exist and hold what the run started with.
 */
export function resumedPromptPack(config: JsonObject, runConfigFile: string, catalog: Catalog, selected: readonly string[]): LoadedPromptPack | undefined {
  const file = config[PROMPT_PACK_FILE_KEY];
  if (typeof file !== "string") return undefined;
  if (!existsSync(file)) throw new RunSetupError(`--prompt-pack ${file}: gone since the run started (${runConfigFile}: ${PROMPT_PACK_FILE_KEY}); give --prompt-pack with the run's pack again`);
  const loaded = loadRunPromptPack(file, catalog, selected);
  const was = config["prompt_pack"];
  const wasDigest = was !== null && typeof was === "object" && !Array.isArray(was) ? was["sha256"] : undefined;
  if (loaded.described["sha256"] !== wasDigest) throw new RunSetupError(`--prompt-pack ${file}: changed since the run started (its digest differs from ${runConfigFile}: prompt_pack.sha256); restore it, or start a new run`);
  return loaded;
}

/** The part of a pack a worker thread needs: the entries of the run's scenarios. */
export interface WorkerPromptPack {
  readonly file: string;
  readonly scenarios: Readonly<Record<string, PackEntry>>;
}

export interface LoadedPromptPack {
  /** The catalog with the selected scenarios' prompts and tool specs replaced. */
  readonly catalog: Catalog;
  /** `prompt_pack` in run_config.json. */
  readonly described: JsonObject;
  readonly forWorkers: WorkerPromptPack;
}

function asSetupError<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof PromptPackError) throw new RunSetupError(`--prompt-pack ${e.message}`);
    throw e;
  }
}

/**
 * The digest covers the whole pack (its canonical JSON text), not only the
 * selected scenarios, so `--add-scenarios` on a resume keeps it valid.
 */
export function loadRunPromptPack(path: string, catalog: Catalog, selected: readonly string[]): LoadedPromptPack {
  const file = resolve(path);
  const pack = asSetupError(() => readPromptPack(file));
  const names = new Set(selected);
  const packed = asSetupError(() => applyPromptPack(catalog, pack, file, names));
  const scenarios: Record<string, PackEntry> = {};
  for (const n of selected) scenarios[n] = pack.scenarios[n] as PackEntry;
  return {
    catalog: packed,
    described: { source: pack.source, sha256: jsonDigest(pack), scenarios: Object.keys(pack.scenarios).length },
    forWorkers: { file, scenarios },
  };
}

/** A worker's own catalog with the pack applied to the scenarios the main thread sent entries for. */
export function applyWorkerPack(catalog: Catalog, pack: WorkerPromptPack | undefined): Catalog {
  if (!pack) return catalog;
  const here = new Set([...catalog.byName.keys()].filter((n) => pack.scenarios[n] !== undefined));
  return applyPromptPack(catalog, { format: PACK_FORMAT, version: PACK_VERSION, source: "", scenarios: pack.scenarios }, pack.file, here);
}
