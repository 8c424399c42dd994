import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// A configuration that cannot run stops `npm start` with its one-line reason, never a stack trace: here
// EMAIL_PROVIDER=smtp without SMTP_URL or EMAIL_FROM (ADR 093). The check runs before the database opens.
const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server.ts');

it('stops the start with the missing variables named, and no stack trace', async () => {
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    EMAIL_PROVIDER: 'smtp',
    DATA_DIR: '/nonexistent/konek',
  };
  delete environment.SMTP_URL;
  delete environment.EMAIL_FROM;
  const child = spawn(process.execPath, ['--import', 'tsx', server], {
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code).toBe(1);
  expect(output).toContain(
    'Konek did not start. Invalid configuration: EMAIL_PROVIDER=smtp needs SMTP_URL and EMAIL_FROM',
  );
  expect(output).not.toMatch(/^\s+at /m);
}, 60_000);
