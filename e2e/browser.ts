import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_MACHINE_FLAGS, CHROMIUM_PATH } from './chromium';

const CHROMIUM_ARGS = ['--headless', ...CHROMIUM_MACHINE_FLAGS];

/** Debian's Chromium; `extraArgs` adds flags (e.g. a host name for the local server). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

export type PageWatch = { page: Page; context: BrowserContext; consoleErrors: string[] };

/**
 * A fresh context and page that records console errors, uncaught page errors and what the page's
 * Content-Security-Policy refused. `bypassCsp` lets a test put its own script into the page (axe-core,
 * e2e/axe.ts): the page's policy refuses any script it did not name.
 */
export async function openPage(
  browser: Browser,
  options: { width?: number; userAgent?: string; bypassCsp?: boolean } = {},
): Promise<PageWatch> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 390, height: 844 },
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    ...(options.bypassCsp ? { bypassCSP: true } : {}),
  });
  // A refused script, style or connection is an error of the page even when the code that tried it
  // caught the refusal: reported on the console, so the tests that hold the console clean catch it.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content-Security-Policy refused ${event.violatedDirective} in ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { page, context, consoleErrors };
}

/** Where keepScreenshot writes; unset: nothing is kept. */
export const SCREENSHOT_DIR = process.env['E2E_SCREENSHOT_DIR'];

/** With E2E_SCREENSHOT_DIR set, keeps the whole page as `<name>.png` there, to be looked at. */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

/** With E2E_SCREENSHOT_DIR set, keeps the whole page at 390 and 1280 px as `<name>-<width>.png`. */
export async function keepScreenshotsAtBothWidths(page: Page, name: string): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  const size = page.viewportSize() ?? { width: 390, height: 844 };
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.waitForTimeout(300);
    await keepScreenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize(size);
}
