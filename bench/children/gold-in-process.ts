/**
 * One process, one selection: load the catalog, verify gold once (this pass
 * also loads the fixtures, which are read lazily), then time further passes
 * with everything loaded. Prints one JSON line for bench/sections/gold.ts.
 *
 * Usage: node --import tsx bench/children/gold-in-process.ts DOMAIN|all ITERATIONS
 */
import { registry } from "../../src/domains/index.js";
import { loadCatalog } from "../../src/engine/catalog.js";
import { rowFailed, verifyGold } from "../../src/replay/gold-verify.js";
import { peakRssMb, timeTask } from "../lib/measure.js";

const [selection = "all", iterationsText = "5"] = process.argv.slice(2);
const domains = selection === "all" ? registry.domains : registry.domains.filter((d) => d.name === selection);
if (domains.length === 0) throw new Error(`unknown domain '${selection}'; known: ${registry.domains.map((d) => d.name).join(", ")}`);

const catalogStart = performance.now();
const catalog = loadCatalog(registry, {}, domains);
const catalogMs = performance.now() - catalogStart;

const verifyAll = (): number => catalog.entries.map((e) => verifyGold(e, { seed: 0, today: undefined, verifyAgainst: undefined })).filter(rowFailed).length;

const firstStart = performance.now();
const failed = verifyAll();
const firstMs = performance.now() - firstStart;

const iterations = Number(iterationsText);
const warm = await timeTask(`gold ${selection}`, verifyAll, { timeMs: 0, iterations, warmupIterations: 0 });

process.stdout.write(
  `${JSON.stringify({ selection, scenarios: catalog.entries.length, failed, catalogMs, firstMs, warm, peakRssMb: peakRssMb() })}\n`,
);
