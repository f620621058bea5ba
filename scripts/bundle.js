// Bundles the CLI and its worker thread into one file each (dist/bundle/).
// Node loads one file much faster than the few hundred modules of dist/ and
// node_modules: startup is most of a short command's time, and every worker
// thread pays it again. The bundle folder must sit two levels under the
// project (like dist/<dir>/), so paths computed from import.meta.url (the
// project root, the worker script next to the CLI) stay right.
import { rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

// The bundle is ESM; CommonJS dependencies (yaml) still call require.
const BANNER = 'import { createRequire as __evalsimCreateRequire } from "node:module"; const require = __evalsimCreateRequire(import.meta.url);';

/** The built CLI: from tsc's output, or (tests) straight from the sources. */
export const ENTRY_POINTS = {
  dist: { evalsim: "dist/cli/main.js", worker: "dist/run/workers/worker.js" },
  src: { evalsim: "src/cli/main.ts", worker: "src/run/workers/worker.ts" },
};

export async function bundleCli(from, outdir) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: ENTRY_POINTS[from],
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    banner: { js: BANNER },
    logLevel: "warning",
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await bundleCli("dist", "dist/bundle");
