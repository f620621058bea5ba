// `npm run manifest [-- --data-root DIR]`: regenerate data/fixtures.manifest.json
// from the fixture data root; the same as `evalsim fixtures manifest`, run from source.
import { main } from "../src/cli/main.ts";

process.exitCode = await main(["fixtures", "manifest", ...process.argv.slice(2)]);
