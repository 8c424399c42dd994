// Debian's Chromium, as the browser tests (browser.ts) and the web benchmarks (bench/lib/audit-browser.ts)
// launch it, with the flags the machine needs: no sandbox as root, no background networking on a closed
// network.

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_MACHINE_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
