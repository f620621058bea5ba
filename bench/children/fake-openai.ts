/**
 * The benchmark's loopback OpenAI-compatible endpoint, as its own process
 * (the benchmark spawns evalsim synchronously, and this must keep answering
 * meanwhile; its own CPU is then not counted as evalsim's).
 *
 *   node --import tsx bench/children/fake-openai.ts LATENCY_MS
 *
 * Prints `{"port": N}` once listening. Every POST /v1/chat/completions is
 * answered after exactly LATENCY_MS (see ../fake-endpoint/play.ts);
 * GET /stats returns {requests, maxInFlight, firstAt, cpuMs} since the last GET
 * /reset, firstAt being when the first request arrived (epoch ms; null before
 * one) and cpuMs this process's own CPU (user + sys) meanwhile.
 * GET /reset?lookups=N makes the agent conversations that follow look up N
 * times (1 unless said); &floats=M puts M integral floats (`1.0`) in each
 * lookup's arguments (none unless said).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { ChatRequest } from "../fake-endpoint/play.js";
import { answer } from "../fake-endpoint/play.js";

const latency = Number(process.argv[2] ?? "200");
let requests = 0;
let inFlight = 0;
let maxInFlight = 0;
let firstAt: number | null = null;
let lookups = 1;
let floats = 0;
let cpuAtReset = process.cpuUsage();

const server = createServer((req, res) => {
  if (req.method === "GET") {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/reset") {
      requests = maxInFlight = 0;
      firstAt = null;
      lookups = Number(url.searchParams.get("lookups") ?? "1");
      floats = Number(url.searchParams.get("floats") ?? "0");
      cpuAtReset = process.cpuUsage();
    }
    const cpu = process.cpuUsage(cpuAtReset);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ requests, maxInFlight, firstAt, cpuMs }));
    return;
  }
  let text = "";
  req.setEncoding("utf8");
  req.on("data", (c: string) => (text += c));
  req.on("end", () => {
    firstAt ??= performance.timeOrigin + performance.now();
    requests++;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const body = JSON.stringify(answer(JSON.parse(text) as ChatRequest, lookups, floats));
    setTimeout(() => {
      inFlight--;
      res.writeHead(200, { "content-type": "application/json" }).end(body);
    }, latency);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
