/**
 * `eva_airline/airline_agent.yaml`: the agent's role, policy text and the
 * upstream tool catalogue. The reference insists on a mapping with non-empty
 * `role` and `instructions` strings; the prompt is built from those two.
 */
import { z } from "zod";
import { nonEmptyString } from "../../../loaders/schema-parts.js";

const ToolParameter = z.looseObject({
  name: z.string(),
  type: z.enum(["string", "integer", "float", "boolean", "array"]),
  description: z.string(),
  enum: z.array(z.string()).optional(),
});

const ToolEntry = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  tool_type: z.enum(["read", "write", "system"]),
  required_parameters: z.array(ToolParameter).optional(),
  optional_parameters: z.array(ToolParameter).optional(),
});

export const EvaAgentConfigSchema = z.looseObject({
  id: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  role: nonEmptyString(),
  instructions: nonEmptyString(),
  tools: z.array(ToolEntry).optional(),
});

export type EvaAgentConfig = z.infer<typeof EvaAgentConfigSchema>;
