/**
 * The crosscheck's families: what each compares between the reference's
 * Python harness and evalsim.
 */
export const FAMILIES = ["gold", "calls", "delivery", "scoring", "surface"] as const;
/** One family of the crosscheck's comparisons (gold, calls, delivery, scoring, surface). */
export type Family = (typeof FAMILIES)[number];

/** The families this version runs; the others are refused by name rather than silently skipped. */
export const AVAILABLE: ReadonlySet<Family> = new Set<Family>(FAMILIES);

export class FamilyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FamilyError";
  }
}

/** `--only gold,calls`: the families named, in the canonical order; all available ones without it. */
export function parseFamilies(only: string | undefined): Family[] {
  if (only === undefined) return FAMILIES.filter((f) => AVAILABLE.has(f));
  const names = only.split(",").map((s) => s.trim()).filter((s) => s !== "");
  if (names.length === 0) throw new FamilyError(`--only: expected a comma-separated list of ${FAMILIES.join(", ")}`);
  for (const n of names) {
    if (!(FAMILIES as readonly string[]).includes(n)) throw new FamilyError(`--only: unknown family '${n}' (expected ${FAMILIES.join(", ")})`);
    if (!AVAILABLE.has(n as Family)) throw new FamilyError(`--only: the '${n}' family is not available in this version (available: ${[...AVAILABLE].join(", ")})`);
  }
  return FAMILIES.filter((f) => names.includes(f));
}
