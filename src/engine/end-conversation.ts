import { z } from "zod";
import { defineTool } from "./types.js";

/** `EndConversationTool`: shared by every domain's agent side; ends the conversation. */
export const endConversationTool = defineTool({
  name: "EndConversationTool",
  aliases: ["end_conversation"],
  description: "End the conversation with the user.",
  args: z.object({}),
  kind: "read",
  exit: "always",
  ignoresArgs: true,
  needsDb: false,
  pythonExecute: "nemo_voice_agent.evaluation.tools.rtvi_control.SendExitMessageTool._execute",
  run: () => ({ success: true, message: "Exit message sent." }),
});
