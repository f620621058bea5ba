/**
 * A scripted OpenAI-compatible endpoint on 127.0.0.1 for tests: every POST to
 * /chat/completions is recorded and answered by the script, which sees the
 * request body and how many requests came before it.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type Body = Record<string, unknown> & { messages: Message[]; tools?: { function: { name: string } }[] };
export interface Message {
  role: string;
  content: string | null;
  tool_call_id?: string;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
}

/**
 * `headers` are sent with the answer; `delayMs` holds it back, `until` holds it
 * until that promise settles (the request counts as in flight meanwhile).
 */
interface AnswerExtras {
  headers?: Record<string, string>;
  delayMs?: number;
  until?: Promise<unknown>;
}

export type MockAnswer =
  | ({ kind: "json"; status?: number; body: unknown } & AnswerExtras)
  | ({ kind: "text"; status: number; text: string } & AnswerExtras)
  /** Never answer (the connection stays open until the server stops). */
  | { kind: "hang" };

export type Script = (body: Body, n: number) => MockAnswer;

export interface MockServer {
  readonly url: string;
  readonly requests: Body[];
  /** The request bodies as sent, in arrival order (JSON.parse rounds a big integer of \`requests\`). */
  readonly texts: string[];
  /** Request headers, in arrival order. */
  readonly headers: Record<string, string | string[] | undefined>[];
  /** The most requests that were ever in flight at once. */
  maxInFlight(): number;
  stop(): Promise<void>;
}

export interface ReplySpec {
  content?: string | null;
  calls?: { id?: string; name: string; arguments: string }[];
  usage?: { prompt_tokens: number; completion_tokens: number; completion_tokens_details?: { reasoning_tokens: number } };
  /** Message fields real servers add: vLLM's reasoning parsers (`reasoning_content`, newer `reasoning`), `refusal`. */
  reasoning_content?: string;
  reasoning?: string;
  refusal?: string;
  finish_reason?: string;
  /** How many copies of the choice the reply holds (default 1; 0: an empty `choices`). */
  choices?: number;
}

/** A chat completion body with one choice (or `spec.choices` copies of it). */
export function completion(spec: ReplySpec): MockAnswer {
  const message: Record<string, unknown> = { role: "assistant", content: spec.content ?? null };
  if (spec.calls && spec.calls.length > 0) {
    message["tool_calls"] = spec.calls.map((c, i) => ({ id: c.id ?? `call_${i}`, type: "function", function: { name: c.name, arguments: c.arguments } }));
  }
  for (const k of ["reasoning_content", "reasoning", "refusal"] as const) if (spec[k] !== undefined) message[k] = spec[k];
  const choice = { index: 0, message, finish_reason: spec.finish_reason ?? (spec.calls ? "tool_calls" : "stop") };
  return {
    kind: "json",
    body: {
      id: "chatcmpl-test",
      object: "chat.completion",
      choices: Array.from({ length: spec.choices ?? 1 }, (_, index) => ({ ...choice, index })),
      usage: spec.usage ?? { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (data += chunk));
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

export async function startMockServer(script: Script): Promise<MockServer> {
  const requests: Body[] = [];
  const texts: string[] = [];
  const headers: Record<string, string | string[] | undefined>[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on("close", () => inFlight--);
    void readBody(req).then(async (text) => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404).end("not found");
        return;
      }
      const body = JSON.parse(text) as Body;
      const n = requests.length;
      requests.push(body);
      texts.push(text);
      headers.push({ ...req.headers });
      const answer = script(body, n);
      if (answer.kind === "hang") return;
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      if (answer.until) await answer.until;
      if (answer.kind === "text") {
        res.writeHead(answer.status, { "content-type": "text/plain", ...answer.headers }).end(answer.text);
        return;
      }
      res.writeHead(answer.status ?? 200, { "content-type": "application/json", ...answer.headers }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    texts,
    headers,
    maxInFlight: () => maxInFlight,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The agent's requests carry EndConversationTool; the users' never do. */
export function isAgentRequest(body: Body): boolean {
  return (body.tools ?? []).some((t) => t.function.name === "EndConversationTool");
}

export function assistantCount(body: Body): number {
  return body.messages.filter((m) => m.role === "assistant").length;
}
