import { resolve } from "node:path";
import { selectScenarios } from "../../engine/catalog.js";
import type { PromptPack } from "../../engine/prompt-pack.js";
import { buildPromptPack } from "../../engine/prompt-pack.js";
import { diffPromptPack } from "../../engine/prompt-pack-diff.js";
import { writeFileAtomic } from "../../json/atomic-write.js";
import { escapeControls } from "../../json/control-chars.js";
import { toJsonText } from "../../json/stringify.js";
import type { JsonValue } from "../../json/types.js";
import { COMMON, parse } from "../args.js";
import type { Command, CommandContext } from "../command.js";
import { catalogFor } from "../context.js";
import { loadPromptPack } from "../prompt-pack-flag.js";
import { EXIT, UsageError } from "../io.js";

export const PROMPTS_HELP = `evalsim prompts export [--domain D] --out FILE
evalsim prompts diff FILE [--domain D] [--json]
  export: write a prompt pack: per scenario, the agent prompt, the user prompt
  and both tool lists evalsim sends the models (scripts/export_nemo_prompt_pack.py
  writes one from the voice harness itself).
  diff: list, per scenario, where a pack differs from evalsim's built-in
  prompts (first differing line, tools that differ). Exit 1 on any difference.`;


function exportPack(argv: readonly string[], ctx: CommandContext): number {
  const { values, positionals } = parse(argv, { domain: { type: "string" }, out: { type: "string" } });
  if (positionals.length > 0) throw new UsageError(`prompts export takes no positional arguments, got '${positionals.join(" ")}'`);
  const out = values["out"] as string | undefined;
  if (out === undefined) throw new UsageError("prompts export needs --out FILE");
  const domain = values["domain"] as string | undefined;
  const entries = selectScenarios(catalogFor(ctx.registry, ctx.io, ctx.dataRoot, { domain }), { domain });
  const pack = buildPromptPack(entries);
  writeFileAtomic(resolve(out), toJsonText(pack as unknown as JsonValue, 2) + "\n");
  ctx.io.out(`${out}: ${entries.length} scenario(s)\n`);
  return EXIT.ok;
}

function diffPack(argv: readonly string[], ctx: CommandContext): number {
  const { values, positionals } = parse(argv, { ...COMMON, domain: { type: "string" } });
  if (positionals.length !== 1) throw new UsageError("prompts diff needs exactly one pack FILE");
  const file = positionals[0] as string;
  const pack = loadPromptPack(file);
  const domain = values["domain"] as string | undefined;
  const entries = selectScenarios(catalogFor(ctx.registry, ctx.io, ctx.dataRoot, { domain }), { domain });
  const builtIn = buildPromptPack(entries);
  // With --domain, scenarios of other domains in the pack are not compared.
  const scoped: PromptPack = domain === undefined ? pack : { ...pack, scenarios: Object.fromEntries(Object.entries(pack.scenarios).filter(([n]) => n.startsWith(`${domain}__`))) };
  const diffs = diffPromptPack(scoped, builtIn);
  if (values["json"]) {
    ctx.io.out(toJsonText({ differences: diffs.map((d) => ({ ...d })), scenarios: entries.length }, 2) + "\n");
  } else {
    for (const d of diffs) ctx.io.out(escapeControls(`${d.scenario}: ${d.field}: ${d.detail}\n`));
    const touched = new Set(diffs.map((d) => d.scenario)).size;
    ctx.io.out(`${touched} of ${entries.length} scenario(s) differ from the built-in prompts\n`);
  }
  return diffs.length > 0 ? EXIT.failed : EXIT.ok;
}

export function promptsCommand(argv: readonly string[], ctx: CommandContext): number {
  const [sub, ...rest] = argv;
  if (sub === "export") return exportPack(rest, ctx);
  if (sub === "diff") return diffPack(rest, ctx);
  throw new UsageError(sub === undefined ? "prompts needs a subcommand: export or diff" : `unknown prompts subcommand '${sub}' (expected export or diff)`);
}

export const command: Command = {
  name: "prompts",
  summary: "export prompt packs and compare them with the built-in prompts",
  help: PROMPTS_HELP,
  run: promptsCommand,
};
