/** A CommandContext for calling one command module directly, with the built-in domains. */
import type { CommandContext } from "../../src/cli/command.js";
import { registry } from "../../src/domains/index.js";
import { bufferIo } from "./buffer-io.js";

export function commandContext(dataRoot?: string): CommandContext & { io: ReturnType<typeof bufferIo> } {
  return { io: bufferIo(), registry, dataRoot, debug: false };
}
