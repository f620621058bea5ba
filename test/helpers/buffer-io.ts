import type { CliIo } from "../../src/cli/io.js";

/** A CliIo that collects what a command writes. */
export function bufferIo(): CliIo & { stdout: () => string; stderr: () => string } {
  let out = "";
  let err = "";
  return {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    env: {},
    isTty: false,
    readStdin: () => "",
    now: () => new Date(0),
    stdout: () => out,
    stderr: () => err,
  };
}
