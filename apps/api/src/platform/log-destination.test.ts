import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchedLogDestination, LOG_BATCH_BYTES, LOG_BATCH_MS } from './logging';

// ADR 037: log lines leave in batches, never one write per line, and nothing logged is lost on close.

const opened: { fd: number; destination: BatchedLogDestination }[] = [];
function openLog() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'konek-log-')), 'log');
  const fd = fs.openSync(file, 'a');
  const destination = new BatchedLogDestination(fd);
  opened.push({ fd, destination });
  return { destination, read: () => fs.readFileSync(file, 'utf8') };
}
afterEach(() => {
  vi.useRealTimers();
  for (const { fd, destination } of opened.splice(0)) {
    destination.end();
    fs.closeSync(fd);
  }
});

describe('the batched log destination', () => {
  it('holds a few lines back, and writes them in order on flushSync', () => {
    const { destination, read } = openLog();
    destination.write('{"n":1}\n');
    destination.write('{"n":2}\n');
    expect(read()).toBe('');
    destination.flushSync();
    expect(read()).toBe('{"n":1}\n{"n":2}\n');
  });

  it('writes a full batch without being asked', async () => {
    const { destination, read } = openLog();
    const line = `${JSON.stringify({ msg: 'x'.repeat(200) })}\n`;
    const count = Math.ceil(LOG_BATCH_BYTES / line.length);
    for (let index = 0; index < count; index += 1) destination.write(line);
    await vi.waitFor(() => expect(read()).toBe(line.repeat(count)));
  });

  it('writes a small batch once its first line is a second old', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { destination, read } = openLog();
    destination.write('{"n":1}\n');
    vi.advanceTimersByTime(LOG_BATCH_MS - 1);
    expect(read()).toBe('');
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(read()).toBe('{"n":1}\n'));
  });

  it('sends an error line through pino at once, with the lines before it', async () => {
    const { destination, read } = openLog();
    const logger = pino({ level: 'info' }, destination);
    logger.info('before');
    logger.error('it failed');
    await vi.waitFor(() => expect(read()).toContain('it failed'));
    expect(
      read()
        .split('\n')
        .map((line) => (line ? JSON.parse(line).msg : '')),
    ).toEqual(['before', 'it failed', '']);
  });

  it('writes every line logged after the app closed at once', () => {
    const { destination, read } = openLog();
    destination.write('{"n":1}\n');
    destination.end();
    expect(read()).toBe('{"n":1}\n');
    destination.write('{"n":2}\n');
    expect(read()).toBe('{"n":1}\n{"n":2}\n');
  });
});
