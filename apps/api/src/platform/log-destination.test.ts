import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createLogDestination, LOG_WRITE_BYTES, LOG_WRITE_MAX_DELAY_MS } from './logging';

// ADR 056, 069: the log is written in batches of 64 KB, and at the latest a second after a line, so an
// operator following a quiet server's log still sees each request within about a second.

let dir: string;
let file: string;
let destination: ReturnType<typeof createLogDestination>;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'konek-log-'));
  file = path.join(dir, 'konek.log');
  destination = createLogDestination(file);
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const contents = () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(isDone: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!isDone() && Date.now() < until) await sleep(20);
}

const line = (index: number) => `{"level":30,"msg":"request","index":${index}}\n`;

it('holds a lone line back briefly, then writes it within about a second', async () => {
  destination.write(line(1));
  await sleep(200);
  expect(contents()).toBe('');
  await waitFor(() => contents() !== '', LOG_WRITE_MAX_DELAY_MS * 3);
  expect(contents()).toBe(line(1));
});

it('writes as soon as a batch is waiting, without waiting for the second', async () => {
  // A batch and a half of lines.
  const count = Math.ceil((1.5 * LOG_WRITE_BYTES) / line(0).length);
  const lines = Array.from({ length: count }, (_, index) => line(index));
  for (const text of lines) destination.write(text);
  expect(contents()).toBe('');
  await waitFor(() => contents().length >= LOG_WRITE_BYTES, 300);
  expect(contents().length).toBeGreaterThanOrEqual(LOG_WRITE_BYTES);
  await waitFor(() => contents().length === lines.join('').length, LOG_WRITE_MAX_DELAY_MS * 3);
  expect(contents()).toBe(lines.join(''));
});

it('writes what is waiting at once when the app closes', async () => {
  // The file is opened asynchronously; what is written before is kept for it.
  await waitFor(() => fs.existsSync(file), 1000);
  await sleep(50);
  destination.write(line(7));
  destination.flushSync?.();
  expect(contents()).toBe(line(7));
});
