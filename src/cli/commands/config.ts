import { apiKeyFrom, LlmConfigError, loadLlmConfig } from "../../llm/config.js";
import type { LlmConfig } from "../../llm/config.js";
import { LlmEndpointError } from "../../llm/errors.js";
import { pingEndpoint } from "../../llm/ping.js";
import { shownUrl } from "../../llm/redact.js";
import { provenanceOf } from "../../llm/provenance.js";
import { keyShownConfig } from "../../llm/key-fields.js";
import { toJsonText } from "../../json/stringify.js";
import { parse } from "../args.js";
import type { Command, CommandContext } from "../command.js";
import { EXIT, UsageError } from "../io.js";

const HELP = `evalsim config check FILE [--ping]
  Validate an LLM config file (the --agent-config, --user-config and
  --judge-config YAML, or a NeMo server config with an llm: section) and
  print the settings a run will use, defaults filled in (never the key).
  Exit 2 names the field of a bad file.
  --ping  also send one tiny request: reports the latency and whether the
          model calls a tool when offered one (exit 1 if the request fails
          or the model does not call the tool, naming the vLLM tool-call
          parser when the model wrote the call as text).`;

function load(file: string): LlmConfig {
  try {
    return loadLlmConfig(file);
  } catch (e) {
    if (e instanceof LlmConfigError) throw new UsageError(e.message);
    throw e;
  }
}

async function check(file: string, ping: boolean, ctx: CommandContext): Promise<number> {
  const config = load(file);
  const { io } = ctx;
  // A key typed into the config's own fields is shown as `${api_key_env}`.
  const shown = keyShownConfig(config, io.env);
  io.out(`${file}: valid\n${toJsonText(provenanceOf(shown), 2)}\n`);
  const keyMissing = config.apiKeyEnv !== undefined && apiKeyFrom(config, io.env) === undefined;
  if (keyMissing) io.out(`warning: api_key_env names ${config.apiKeyEnv}, which is not set in this environment\n`);
  if (!ping) return EXIT.ok;
  if (keyMissing) throw new UsageError(`${file}: --ping needs the key: set ${config.apiKeyEnv ?? ""}`);
  try {
    const result = await pingEndpoint(config, { env: io.env });
    const tokens = result.usage.prompt === null ? "tokens not reported" : `${result.usage.prompt} prompt + ${result.usage.completion ?? "?"} completion tokens`;
    io.out(`ping: ${shownUrl(shown.baseUrl)} answered in ${result.latencyMs} ms (${tokens})\n`);
    io.out(result.toolCalling ? "tool calling: works (the model called the offered tool)\n" : `tool calling: NOT working: the model ${result.instead ?? "did not call the tool"}\n`);
    return result.toolCalling ? EXIT.ok : EXIT.failed;
  } catch (e) {
    if (!(e instanceof LlmEndpointError)) throw e;
    io.out(`ping: failed: ${e.message}\n`);
    return EXIT.failed;
  }
}

function configCommand(argv: readonly string[], ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, { ping: { type: "boolean" } });
  const [sub, file, ...rest] = positionals;
  if (sub !== "check") throw new UsageError(sub === undefined ? "config needs a subcommand: check FILE [--ping]" : `unknown config subcommand '${sub}' (expected: check FILE [--ping])`);
  if (file === undefined) throw new UsageError("config check needs the config file: evalsim config check FILE [--ping]");
  if (rest.length > 0) throw new UsageError(`config check takes one file, got also '${rest[0] ?? ""}'`);
  return check(file, values["ping"] === true, ctx);
}

export const command: Command = {
  name: "config",
  summary: "validate an LLM config file; --ping tries the endpoint (config check FILE)",
  help: HELP,
  run: configCommand,
};
