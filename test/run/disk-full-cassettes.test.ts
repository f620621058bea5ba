/**
 * A full disk under the cassette folder: the first entry that cannot be
 * written stops the run with one line naming that file and the --resume
 * command, instead of erroring every scenario with a bare "ENOSPC ... write"
 * and going on.
 */
import type * as fs from "node:fs";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/main.js";
import type { CliIo } from "../../src/cli/io.js";
import { registry } from "../../src/domains/index.js";
import { loadCatalog, selectScenarios } from "../../src/engine/catalog.js";
import type { MockServer } from "../llm/mock-openai.js";
import { startMockServer } from "../llm/mock-openai.js";
import { playEntries } from "../llm/scenario-script.js";

/** Writes under `prefix` fail with ENOSPC, as on a full disk. */
const fault = vi.hoisted(() => ({ prefix: "", hits: 0 }));

vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  const writeFileSync: typeof real.writeFileSync = (file, data, options) => {
    if (typeof file === "string" && fault.prefix !== "" && file.startsWith(fault.prefix)) {
      fault.hits++;
      throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", errno: -28, syscall: "write" });
    }
    real.writeFileSync(file, data, options);
  };
  return { ...real, writeFileSync, default: { ...real, writeFileSync } };
});

const NAMES = ["eva_airline__voluntary_date_change", "eva_airline__1_1_3", "eva_airline__1_1_4"];
const evaDomain = registry.domains.find((d) => d.name === "eva_airline");
if (!evaDomain) throw new Error("eva_airline is not registered");
const entries = selectScenarios(loadCatalog(registry, {}, [evaDomain]), { scenarios: NAMES });

let server: MockServer | undefined;
afterEach(async () => {
  fault.prefix = "";
  await server?.stop();
  server = undefined;
});

describe("a full disk under --cassettes", () => {
  it("stops the run naming the entry and the --resume command; no scenario is errored for it", async () => {
    server = await startMockServer(playEntries(entries));
    const dir = mkdtempSync(join(tmpdir(), "evalsim-cassette-enospc-"));
    const cfg = join(dir, "model.yaml");
    writeFileSync(cfg, `base_url: ${server.url}\nmodel: mock-model\nretries: 0\ntimeout_seconds: 5\n`);
    const cassettes = join(dir, "cassettes");
    fault.prefix = cassettes;
    let stderr = "";
    const io: CliIo = { out: () => undefined, err: (t) => void (stderr += t), env: {}, isTty: false, readStdin: () => "", now: () => new Date(0) };
    const out = join(dir, "out");
    const code = await main(["run", "--scenarios", ...NAMES, "--agent", "llm", "--agent-config", cfg, "--user", "scripted", "--cassettes", cassettes, "--out", out, "--workers", "1", "--max-concurrency", "1"], io);
    expect(code).toBe(1);
    expect(fault.hits).toBe(1);
    // The endpoint's host is said first, then the stop.
    expect(stderr).toMatch(new RegExp(`^model requests go to 127\\.0\\.0\\.1:\\d+ \\(agent\\)\\nevalsim run: cannot write ${cassettes}/\\S+: no space left on the device; free some space or write elsewhere \\(--out DIR\\), then retry \\(ENOSPC\\)\\n {2}the finished scenarios are kept; continue with: evalsim run --resume ${out}/\\S+ --agent-config ${cfg} --cassettes ${cassettes}\\n$`));
  });
});
