/**
 * `bin/evalsim` for the TypeScript sources, so tests can run the CLI as a
 * real process (`node --import tsx test/helpers/evalsim-cli.ts run ...`)
 * without a build.
 */
import { main } from "../../src/cli/main.js";

process.exitCode = await main(process.argv.slice(2));
