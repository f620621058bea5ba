/**
 * The report at full size in a real headless Chromium at 1400×900: all 442
 * scenarios, compared against a run where every one regressed (the noop
 * agent, scored even for short conversations so that each domain fails on
 * its own signals). Nothing scrolls sideways, and the first screen of each
 * page shows what decides: the regressions on the overview, the failing
 * predicates on a telecom page. Screenshots go to test-artifacts/.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { BrowserContext, Page } from "playwright-core";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserGateFor } from "../helpers/chromium.js";
import { evalsim, removeScratch, runFolder, scratch } from "../run/run-helpers.js";

const BROWSER = browserGateFor("the full-size report tests (test/report/full-size.test.ts)");
const CHROMIUM = BROWSER.path;
const ARTIFACTS = resolve("test-artifacts");
const FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const WIDTH = 1400;
const HEIGHT = 900;
const TELECOM = "tau2_telecom_workflow__mobile_data_issue__data_mode_off__data_usage_exceeded";

describe.skipIf(BROWSER.skip !== null)("the report of a full run at 1400 px", () => {
  let context: BrowserContext;
  let page: Page;
  let profile: string;
  const problems: string[] = [];

  beforeAll(async () => {
    const baseOut = scratch("full-base");
    const candOut = scratch("full-cand");
    expect((await evalsim(["run", "--min-agent-turns", "0", "--out", baseOut])).code).toBe(0);
    expect((await evalsim(["run", "--agent", "noop", "--min-agent-turns", "0", "--out", candOut])).code).toBe(1);
    const file = join(scratch("full-report"), "report.html");
    const r = await evalsim(["report", candOut, "--compare", runFolder(baseOut), "--out", file]);
    expect(r.code, r.err).toBe(0);
    profile = mkdtempSync(join(tmpdir(), "evalsim-chromium-"));
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, viewport: { width: WIDTH, height: HEIGHT } });
    page = context.pages()[0] ?? (await context.newPage());
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector("#rows tr");
    mkdirSync(ARTIFACTS, { recursive: true });
  }, 300_000);

  afterAll(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
    removeScratch();
  });

  // Page-side code as text: the tests are type-checked without the DOM library.
  const scrollWidth = (): Promise<number> => page.evaluate("document.documentElement.scrollWidth");
  /** Top of an element in page coordinates. */
  const topOf = (selector: string): Promise<number> => page.evaluate(`document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect().top + window.scrollY`);
  const headingIs = (h: string | null, same: boolean): Promise<unknown> => page.waitForFunction(`(document.querySelector("#scenario h2")?.textContent === ${JSON.stringify(h)}) === ${same}`);

  it("shows the 442-scenario overview and the regressions without sideways scrolling", async () => {
    const regressed = Number(/(\d+) regressed/.exec((await page.textContent("#comparison .regressed")) ?? "")?.[1]);
    expect(regressed).toBeGreaterThan(300);
    expect(await scrollWidth()).toBeLessThanOrEqual(WIDTH);
    // The first screen holds the regression count and the first regressed scenarios with their reasons.
    expect(await topOf("#comparison")).toBeLessThan(HEIGHT / 2);
    expect(await topOf("#changes tbody tr:nth-child(5)")).toBeLessThan(HEIGHT);
    await page.screenshot({ path: join(ARTIFACTS, "report-full-overview.png") });
    // The scenario list with its long telecom names fits too.
    await page.locator("#list").scrollIntoViewIfNeeded();
    await page.fill("#f-search", "tau2_telecom_workflow");
    expect(await scrollWidth()).toBeLessThanOrEqual(WIDTH);
    await page.screenshot({ path: join(ARTIFACTS, "report-full-compare.png") });
    await page.fill("#f-search", "");
    expect(problems).toEqual([]);
  });

  it("sorts the scenario list by a column and opens a row's page from anywhere in it", async () => {
    await page.click("#list th[data-sort='r']");
    const reasons = await page.locator("#rows td.reason").allTextContents();
    expect(reasons.slice(0, 50)).toEqual([...reasons.slice(0, 50)].sort((a, b) => a.localeCompare(b, "en", { numeric: true })));
    await page.click("#list th[data-sort='r']");
    const desc = await page.locator("#rows td.reason").allTextContents();
    expect(desc[0]! >= desc.at(-1)!).toBe(true);
    await page.locator("#changes tbody tr").first().locator("td.reason").click();
    await page.waitForSelector("#scenario .pager");
    expect(await page.isVisible("#overview")).toBe(false);
    await page.click("#scenario a[href='#']");
    await page.waitForSelector("#overview", { state: "visible" });
  });

  it("a telecom failure page shows its failing predicates in the first screen, and steps to the next failure", async () => {
    await page.fill("#f-search", TELECOM);
    await page.click(`#rows a:text-is("${TELECOM}")`);
    await page.waitForSelector("#scenario .signal[data-signal].decides");
    await page.evaluate("window.scrollTo(0, 0)");
    expect(await scrollWidth()).toBeLessThanOrEqual(WIDTH);
    // The signals' sections (the diagnosis, when there is one, stands above them).
    const first = await page.locator("#scenario .signal[data-signal]").first().getAttribute("data-signal");
    expect(first).toBe("db_state_assertion");
    expect(await page.textContent("#scenario .signal[data-signal].decides h3")).toMatch(/\d+ of \d+ predicates passed/);
    // The predicate table's first failing row is on the first screen; the (not deciding) DB diff is folded.
    expect(await topOf("#scenario .signal[data-signal].decides td.failed")).toBeLessThan(HEIGHT);
    expect(await page.locator("#scenario .signal[data-signal='db_state_match'] table.dbdiff").isVisible()).toBe(false);
    await page.screenshot({ path: join(ARTIFACTS, "report-full-telecom.png") });
    const heading = await page.textContent("#scenario h2");
    await page.click("#next-failure");
    await headingIs(heading, false);
    await page.click("#prev-failure");
    await headingIs(heading, true);
    expect(problems).toEqual([]);
  });
});
