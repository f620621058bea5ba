import { CHANNEL_NAMES, ChannelError, isChannelName } from "../../engine/channel/index.js";
import { hearUtterances, parseUtterances, UtteranceError } from "../../engine/channel/utterances.js";
import { parse, parseIntFlag } from "../args.js";
import type { Command, CommandContext } from "../command.js";
import { catalogFor } from "../context.js";
import { EXIT, UsageError } from "../io.js";
import { readInputFile } from "../read-input.js";

export const CHANNEL_HELP = `evalsim channel PROFILE [--side caller|agent] [--seed S] [FILE|-]
  What the other side hears of each utterance through a voice-channel profile
  (${CHANNEL_NAMES.join(", ")}). Input: one utterance a line, plain text or a JSON
  object {"text": ..., "names": [...], "scenario": ...} (names: the caller's name words;
  scenario: use that scenario's voice facts and tasks_voice config). Output: one JSON line
  per utterance, {"text", "heard", "effects"}. --side caller (default) is the ASR side,
  --side agent the TTS side. Line N is heard with its own stream of --seed S (default 0),
  so the output is a function of the seed and the line alone. '-' or no file reads stdin.`;

const CHANNEL_OPTIONS = { side: { type: "string" }, seed: { type: "string" } } as const;

export function channelCommand(argv: readonly string[], ctx: CommandContext): number {
  const { io } = ctx;
  const { values, positionals } = parse(argv, CHANNEL_OPTIONS);
  const [profile, file = "-", ...extra] = positionals;
  if (profile === undefined) throw new UsageError(`channel needs a PROFILE: one of ${CHANNEL_NAMES.join(", ")}`);
  if (!isChannelName(profile)) throw new UsageError(`unknown profile '${profile}'; expected one of ${CHANNEL_NAMES.join(", ")}`);
  if (extra.length > 0) throw new UsageError(`channel reads one input, got '${extra.join(" ")}' besides '${file}'`);
  const sideFlag = (values["side"] as string | undefined) ?? "caller";
  if (sideFlag !== "caller" && sideFlag !== "agent") throw new UsageError(`--side must be caller or agent, got '${sideFlag}'`);
  const seed = parseIntFlag(values["seed"] as string | undefined, "--seed", 0) ?? 0;
  const text = file === "-" ? io.readStdin() : readInputFile(file);
  let lines;
  try {
    const utterances = parseUtterances(text, file === "-" ? "stdin" : file);
    let catalog: ReturnType<typeof catalogFor> | undefined;
    const voiceOf = (name: string) => {
      catalog ??= catalogFor(ctx.registry, io, ctx.dataRoot, {});
      const entry = catalog.byName.get(name);
      return entry ? (entry.scenario.voice ?? {}) : undefined;
    };
    lines = hearUtterances(profile, sideFlag === "caller" ? "user" : "agent", seed, utterances, voiceOf);
  } catch (e) {
    if (e instanceof UtteranceError || e instanceof ChannelError) throw new UsageError(e.message);
    throw e;
  }
  io.out(lines.map((l) => `${JSON.stringify(l)}\n`).join(""));
  return EXIT.ok;
}

export const command: Command = {
  name: "channel",
  summary: "what the other side hears of each utterance through a voice-channel profile",
  help: CHANNEL_HELP,
  run: channelCommand,
};
