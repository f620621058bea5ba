import { LlmConfigError } from "../llm/config.js";
import type { LlmSpec } from "../run/bots/llm.js";
import { LlmSetupError, resolveLlmSetup, usesLlm } from "../run/bots/llm.js";
import { UsageError } from "./io.js";

/**
 * Check the LLM flags (`--agent llm --agent-config F`, `--user-config`,
 * `--judge-config`, `--cassettes`, `--cassette-mode`) and read their config
 * files now, so a bad file or a missing API key is a usage error (exit 2)
 * before any scenario runs.
 */
export function checkLlmFlags(spec: LlmSpec, env: Readonly<Record<string, string | undefined>>): void {
  const anyFlag = [spec.agentConfig, spec.userConfig, spec.judgeConfig, spec.cassettes, spec.cassetteMode].some((v) => v !== undefined);
  if (!usesLlm(spec) && !anyFlag) return;
  try {
    resolveLlmSetup(spec, env);
  } catch (e) {
    if (e instanceof LlmConfigError || e instanceof LlmSetupError) throw new UsageError(e.message);
    throw e;
  }
}
