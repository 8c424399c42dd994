import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { makeReachableTempDir, startEmbeddedPostgres } from './embedded-postgres';

const quiet = { info: () => undefined, warn: () => undefined };
const dataDir = makeReachableTempDir('konek-db-lifecycle-');
const fixture = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../test/fixtures/hold-embedded-postgres.ts',
);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function query(url: string, sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

it('creates the cluster on first start, and a restart keeps the data', async () => {
  const first = await startEmbeddedPostgres(dataDir, quiet);
  expect(new URL(first.url).port).not.toBe('5432');
  await query(first.url, 'create table kept (value text)');
  await query(first.url, 'insert into kept values ($1)', ['still here']);
  await first.stop();
  expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

  const second = await startEmbeddedPostgres(dataDir, quiet);
  expect(await query(second.url, 'select value from kept')).toEqual([{ value: 'still here' }]);
  await second.stop();
}, 60_000);

it('recovers on the next start after the owning process was killed with SIGKILL', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /URL (\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`fixture exited early with ${code}`)));
  });
  await query(url, 'insert into kept values ($1)', ['before the crash']);
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  // The orphaned server still holds the cluster: its lock file is there.
  expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(true);

  const recovered = await startEmbeddedPostgres(dataDir, quiet);
  const rows = await query(recovered.url, 'select value from kept order by value');
  expect(rows).toEqual([{ value: 'before the crash' }, { value: 'still here' }]);
  await recovered.stop();
}, 90_000);
