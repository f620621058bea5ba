/**
 * The command that continues a run, as every place that prints one writes
 * it (the stop message, the error of a run cut short, the report's banner
 * of a partial run): shell words, with the plugin modules the run needs.
 */

/** Quote a word for a POSIX shell only when it needs it. */
export function shellWord(w: string): string {
  return /^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}

/** `--domains M` for each plugin module, as a resume command carries them. */
export function pluginArgs(modules: readonly string[]): string[] {
  return modules.flatMap((m) => ["--domains", m]);
}

/** `evalsim <args>` as one line a shell runs as written. */
export function commandLine(args: readonly string[]): string {
  return `evalsim ${args.map(shellWord).join(" ")}`;
}
