import { domainNameProblem } from "../../scaffold/name.js";
import { ScaffoldError, writeScaffold } from "../../scaffold/write.js";
import { parse } from "../args.js";
import type { Command, CommandContext } from "../command.js";
import { EXIT, UsageError } from "../io.js";

export const NEW_DOMAIN_HELP = `evalsim new-domain NAME [--dual-side] [--dir DIR]
  Write a small, working domain package into DIR (default ./NAME): one read and
  one write tool, a scenario with gold calls and its expected end DB, a DB
  fixture, a predicate; with --dual-side also a user DB, an init function and a
  sync rule. Plain JavaScript, ready for --domains DIR/index.js with gold, run and
  fuzz. NAME: a-z, 0-9 and _, starting with a letter. DIR must not exist or be empty.`;

export function newDomainCommand(argv: readonly string[], ctx: CommandContext): number {
  const { io, registry } = ctx;
  const { values, positionals } = parse(argv, { "dual-side": { type: "boolean" }, dir: { type: "string" } });
  if (positionals.length !== 1) throw new UsageError(`expected one NAME, got ${positionals.length === 0 ? "none" : positionals.join(" ")}`);
  const name = positionals[0] as string;
  const problem = domainNameProblem(name, registry.domains.map((d) => d.name));
  if (problem) throw new UsageError(problem);
  const dir = (values["dir"] as string | undefined) ?? name;
  const dualSide = values["dual-side"] === true;
  let written: string[];
  try {
    written = writeScaffold(dir, { name, dualSide });
  } catch (e) {
    if (e instanceof ScaffoldError) throw new UsageError(e.message);
    throw e;
  }
  io.out(`wrote the ${dualSide ? "dual-side " : ""}domain ${name} into ${dir}/:\n${written.map((f) => `  ${f}\n`).join("")}`);
  io.out(`next: evalsim --domains ${dir}/index.js gold --domain ${name}\n`);
  return EXIT.ok;
}

export const command: Command = {
  name: "new-domain",
  summary: "write a small working domain package to start a domain of your own from",
  help: NEW_DOMAIN_HELP,
  run: newDomainCommand,
};
