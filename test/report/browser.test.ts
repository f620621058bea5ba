/**
 * The report in a real headless Chromium (the system's, driven through
 * playwright-core): it opens from a file:// URL without console errors or
 * network requests, the filters change the visible rows, and a scenario page
 * shows the conversation and the DB diff. Screenshots go to test-artifacts/.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { BrowserContext, Page } from "playwright-core";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserGateFor } from "../helpers/chromium.js";
import { evalsim, removeScratch, scratch } from "../run/run-helpers.js";
import { DB_REGRESSION, makeRuns } from "../compare/recordings.js";

const BROWSER = browserGateFor("the report's browser tests (test/report/browser.test.ts)");
const CHROMIUM = BROWSER.path;
const ARTIFACTS = resolve("test-artifacts");
const FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

describe.skipIf(BROWSER.skip !== null)("the report in Chromium", () => {
  let context: BrowserContext;
  let page: Page;
  let profile: string;
  const problems: string[] = [];
  const requests: string[] = [];

  beforeAll(async () => {
    const runs = await makeRuns("browser");
    const file = join(scratch("browser-report"), "report.html");
    expect((await evalsim(["report", runs.cand, "--compare", runs.base, "--out", file])).code).toBe(0);
    profile = mkdtempSync(join(tmpdir(), "evalsim-chromium-"));
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, viewport: { width: 1280, height: 900 } });
    page = context.pages()[0] ?? (await context.newPage());
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    context.on("request", (r) => {
      if (!/^(file|data|blob):/.test(r.url())) requests.push(r.url());
    });
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector("#rows tr");
    mkdirSync(ARTIFACTS, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
    removeScratch();
  });

  const visibleRows = (): Promise<string[]> => page.locator("#rows tr td:first-child").allTextContents();

  it("opens from disk without console errors or network requests", async () => {
    expect(await visibleRows()).toHaveLength(5);
    await page.screenshot({ path: join(ARTIFACTS, "report-overview.png"), fullPage: true });
    expect(problems).toEqual([]);
    expect(requests).toEqual([]);
  });

  it("filters change the visible rows", async () => {
    await page.selectOption("#f-status", "failed");
    expect((await visibleRows()).sort()).toEqual(["tau2_airline__2", "tau2_retail__1"]);
    await page.selectOption("#f-signal", "db_state_match");
    expect(await visibleRows()).toEqual([DB_REGRESSION]);
    await page.selectOption("#f-signal", "");
    await page.selectOption("#f-status", "");
    await page.selectOption("#f-domain", "tau2_retail");
    expect((await visibleRows()).sort()).toEqual(["tau2_retail__0", "tau2_retail__1"]);
    await page.selectOption("#f-domain", "");
    await page.selectOption("#f-change", "fixed");
    expect(await visibleRows()).toEqual(["tau2_retail__0"]);
    await page.selectOption("#f-change", "");
    await page.fill("#f-search", "clean_exit");
    expect(await visibleRows()).toEqual(["tau2_airline__2"]);
    await page.fill("#f-search", "");
    expect(await visibleRows()).toHaveLength(5);
  });

  it("a scenario page shows the conversation and the DB diff", async () => {
    await page.click(`#rows a:text-is("${DB_REGRESSION}")`);
    await page.waitForSelector("#scenario .bubble.agent");
    expect(await page.isVisible("#overview")).toBe(false);
    const bubbles = await page.locator("#scenario .bubble").count();
    expect(bubbles).toBeGreaterThan(3);
    expect(await page.locator("#scenario details.tool").count()).toBeGreaterThan(0);
    const diffPaths = await page.locator("#scenario table.dbdiff td.path").allTextContents();
    expect(diffPaths.some((p) => p.startsWith("orders."))).toBe(true);
    // The reason leads with the decisive step (the write never made), then the DB evidence.
    expect(await page.textContent("#scenario .reason")).toMatch(/^decisive: missing write \w+Tool\(.*\) \(never made\); db_state_match: orders\./);
    await page.screenshot({ path: join(ARTIFACTS, "report-scenario.png"), fullPage: true });
    // Prompts are folded until opened, then decoded on demand.
    expect(await page.locator("#scenario details.block[open]").count()).toBe(0);
    await page.click("#scenario details.block summary:text-is('agent prompt')");
    expect(await (await page.waitForSelector("#scenario details.block[open] pre")).textContent()).toMatch(/\S{20,}/);
    await page.click("#scenario a[href='#']");
    await page.waitForSelector("#overview", { state: "visible" });
    expect(problems).toEqual([]);
    expect(requests).toEqual([]);
  });
});
