import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createLogDestination } from './logging';

// ADR 021: the log is written asynchronously, and nothing waits for more lines, so an operator following
// a quiet server's log sees each request at once; what waits is written when the app closes.

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

it('writes a lone line without waiting for more', async () => {
  destination.write(line(1));
  await waitFor(() => contents() !== '', 500);
  expect(contents()).toBe(line(1));
});

it('writes many lines, every one of them, in order', async () => {
  const lines = Array.from({ length: 2000 }, (_, index) => line(index));
  for (const text of lines) destination.write(text);
  await waitFor(() => contents().length === lines.join('').length, 3000);
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
