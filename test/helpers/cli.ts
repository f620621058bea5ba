import { main } from "../../src/cli/main.js";
import type { CliIo } from "../../src/cli/io.js";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run the CLI in-process with captured output and a fixed clock. */
export async function runCli(argv: readonly string[], opts: { stdin?: string; env?: Record<string, string | undefined> } = {}): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    out: (t) => void (stdout += t),
    err: (t) => void (stderr += t),
    env: opts.env ?? process.env,
    isTty: false,
    readStdin: () => opts.stdin ?? "",
    now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}
