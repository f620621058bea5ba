/** `--prompt-pack FILE`: a bad or incomplete pack is bad input, one line naming the JSON path (exit 2). */
import type { PromptPack } from "../engine/prompt-pack.js";
import { PromptPackError, readPromptPack } from "../engine/prompt-pack.js";
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
