/**
 * eva's `information_required` (the facts the caller has at hand) as the
 * sentences a caller would say: "My confirmation number is ZK3FFW." The
 * scripted user then spells the codes and names as the voice guideline asks.
 * Nested values are said as lists; the trip's raw segment records are left
 * out (the route and dates they repeat have keys of their own).
 */
const SKIPPED = new Set(["original_travel_details"]);

function label(key: string): string {
  return key.replace(/_/g, " ").replace(/^passenger /i, "").trim().toLowerCase();
}

function said(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) {
    const parts = value.map(said).filter((p): p is string => p !== undefined);
    return parts.length > 0 ? parts.join(", then ") : undefined;
  }
  if (typeof value === "object") {
    const parts = Object.values(value as Record<string, unknown>).map(said).filter((p): p is string => p !== undefined);
    return parts.length > 0 ? parts.join(", then ") : undefined;
  }
  return undefined;
}

export function knownInfoProse(info: Readonly<Record<string, unknown>>): string {
  return Object.entries(info)
    .filter(([k]) => !SKIPPED.has(k))
    .flatMap(([k, v]) => {
      const text = said(v);
      return text === undefined ? [] : [`My ${label(k)} is ${text}.`];
    })
    .join(" ");
}
