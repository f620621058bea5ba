/** `--prompt-pack FILE`: a bad or incomplete pack is bad input, one line naming the JSON path (exit 2). */
import type { Catalog } from "../engine/catalog.js";
import type { PromptPack } from "../engine/prompt-pack.js";
import { applyPromptPack, PromptPackError, readPromptPack } from "../engine/prompt-pack.js";
import { UsageError } from "./io.js";

function asUsage<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof PromptPackError) throw new UsageError(e.message);
    throw e;
  }
}

export function loadPromptPack(file: string): PromptPack {
  return asUsage(() => readPromptPack(file));
}

/** The catalog with the pack applied to the selected scenarios, each of which the pack must have. */
export function packedCatalog(catalog: Catalog, pack: PromptPack, file: string, selected: readonly string[]): Catalog {
  return asUsage(() => applyPromptPack(catalog, pack, file, new Set(selected)));
}
