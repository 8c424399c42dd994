import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_MACHINE_FLAGS, CHROMIUM_PATH } from '../../e2e/chromium';

// What the web benchmarks (bench/web.ts, bench/web-ab.ts) audit with: Debian's Chromium, headless, with
// nothing of its own running beside the page, and Konek with quiet logs and no map tiles, so the audit
// measures the screens, not the log or a tile server.

const CHROMIUM = process.env['CHROME_PATH'] ?? CHROMIUM_PATH;

/** Settings for startKonek: the request log at warn, and no tile server for the map. */
export const AUDITED_KONEK_ENV = { LOG_LEVEL: 'warn', MAP_TILE_URL: '' } as const;

/** The browser Lighthouse drives (and Playwright joins over CDP). */
export function launchAuditChromium(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath: CHROMIUM,
    // Lighthouse needs Chromium's new headless mode; the rest is what the machine needs.
    chromeFlags: ['--headless=new', ...CHROMIUM_MACHINE_FLAGS],
  });
}
