import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { runOpsCommand } from './ops-command';
import { loadConfig } from './platform/config';
import { loadAppSecrets } from './platform/auth/data-secrets';
import { systemClock } from './platform/clock';
import { connectDatabase, type Database } from './platform/db/database';
import { openDatabase } from './platform/db/open-database';
import { createPinHasher } from './modules/identity/service';

// `npm run ops -- …` (ADR 046). With the embedded database already running (`npm start`), the command
// connects to that server rather than starting (and stopping) its own.

const quiet = { info: () => undefined, warn: (message: string) => console.warn(message) };

/** The running embedded server's URL, from its lock file, or undefined when none runs. */
function runningEmbeddedUrl(dataDir: string): string | undefined {
  const lockFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!fs.existsSync(lockFile)) return undefined;
  const lines = fs.readFileSync(lockFile, 'utf8').split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  const passwordFile = path.join(dataDir, 'secrets', 'postgres-password');
  if (!Number.isInteger(port) || !fs.existsSync(passwordFile)) return undefined;
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/konek`;
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  // Typed characters are not echoed.
  const output = rl as unknown as { _writeToOutput: (text: string) => void };
  process.stdout.write('Password: ');
  output._writeToOutput = () => undefined;
  const answer = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  process.stdout.write('\n');
  return answer;
}

const config = loadConfig();
const runningUrl = config.databaseUrl ? undefined : runningEmbeddedUrl(config.dataDir);
let database: Database;
let close: () => Promise<void>;
if (runningUrl) {
  database = connectDatabase(runningUrl, 1);
  close = () => database.close();
} else {
  const opened = await openDatabase(config, quiet);
  database = opened.database;
  close = opened.close;
}
const exitCode = await runOpsCommand(process.argv.slice(2), {
  db: database.db,
  clock: systemClock,
  passwords: createPinHasher(loadAppSecrets(config).pinPepper),
  readPassword,
  print: (line) => console.log(line),
}).finally(close);
process.exit(exitCode);
