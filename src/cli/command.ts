import type { Registry } from "../engine/registry.js";
import type { OptionSpec } from "./args.js";
import type { CliIo } from "./io.js";

/** What every command gets: the streams, the domains and the global options. */
export interface CommandContext {
  readonly io: CliIo;
  readonly registry: Registry;
  /** `--data-root DIR`, given before or after the command name. */
  readonly dataRoot: string | undefined;
  /** `--debug`: an unexpected error shows its stack trace. */
  readonly debug: boolean;
}

/**
 * One entry of the command table in main.ts. A command lives in one file
 * under src/cli/commands/ that exports one of these.
 */
export interface Command {
  /** The word after `evalsim`. */
  readonly name: string;
  /** One line for the command overview (`evalsim --help`). */
  readonly summary: string;
  /** The full usage text (`evalsim help NAME`, `evalsim NAME --help`). */
  readonly help: string;
  /**
   * The options an evalsim.config file may give defaults for
   * (`options.<name>.<option>`), and flags with which the defaults are not
   * applied at all (`run --resume` continues with the run's own options).
   * `requires`: a default used only while another option has a given value
   * (`agent-config` while `agent` is `llm`), so `--agent oracle` on the
   * command line sets a configured LLM agent aside instead of clashing with it.
   */
  readonly defaults?: {
    readonly options: OptionSpec;
    readonly ignoredWith?: readonly string[];
    readonly requires?: Readonly<Record<string, { readonly option: string; readonly value: string }>>;
  };
  /**
   * Plugin modules this invocation needs besides the configured ones, loaded
   * into the registry before `run` (`run --resume DIR`: the run's own, from
   * its run_config.json).
   */
  pluginModules?(argv: readonly string[]): readonly string[];
  run(argv: readonly string[], ctx: CommandContext): number | Promise<number>;
}
