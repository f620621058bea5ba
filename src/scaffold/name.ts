/**
 * What a new domain may be called. The name is its registry key, its
 * `--domain` name, the prefix of its scenario names (`NAME__id`) and the
 * name of its fixture folder, so it must be a plain lower-case identifier
 * without the `__` that separates a scenario's bucket from its id.
 */
export const DOMAIN_NAME = /^[a-z][a-z0-9_]{0,39}$/;

/** Why `name` cannot name a new domain, or undefined when it can. */
export function domainNameProblem(name: string, taken: readonly string[]): string | undefined {
  if (!DOMAIN_NAME.test(name)) return `domain name '${name}' must be 1-40 characters of a-z, 0-9 and _, starting with a letter`;
  if (name.includes("__")) return `domain name '${name}' must not contain '__' (it separates a scenario's domain from its id)`;
  if (name.endsWith("_")) return `domain name '${name}' must not end with '_'`;
  const clash = taken.find((t) => t === name || name.startsWith(`${t}_`) || t.startsWith(`${name}_`));
  if (clash !== undefined) return `domain name '${name}' clashes with the registered domain '${clash}' (one would take the other's --domain prefix)`;
  return undefined;
}
