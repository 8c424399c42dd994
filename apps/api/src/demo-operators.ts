import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from './platform/config';
import type { Clock } from './platform/clock';
import type { Db } from './platform/db/database';
import type { PinHasher } from './modules/identity/service';
import { disableDemoOperators, ensureDemoOperators } from './modules/operators/service';

// ADR 046, 089: the demo operators on start. In development only, a demo dispatcher and technician with
// passwords generated into the data directory (never printed: standard output is the request log, often
// kept and shared). In production they never work: a data directory a development start once used keeps
// them, so a production start disables them (no sign-in, every token refused) and says so once. Elsewhere
// operators come from `npm run ops -- add-user` and the admins' operators page.

export type DemoOperatorsLog = { info: (message: string) => void; warn: (message: string) => void };

export async function prepareDemoOperators(
  config: Pick<AppConfig, 'env' | 'dataDir'>,
  deps: { db: Db; clock: Clock; passwords: () => PinHasher },
  log: DemoOperatorsLog,
): Promise<void> {
  if (config.env === 'production') {
    const disabled = await disableDemoOperators(deps);
    if (disabled.length > 0) {
      log.warn(
        `demo operators disabled (NODE_ENV=production): ${disabled.join(', ')} can no longer sign in ` +
          'and their tokens are refused; add real operators with npm run ops -- add-user',
      );
    }
    return;
  }
  if (config.env !== 'development') return;
  const added = await ensureDemoOperators({ ...deps, passwords: deps.passwords() });
  if (added.length === 0) return;
  const file = path.join(config.dataDir, 'secrets', 'ops-demo-logins');
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const lines = added.map((user) => `${user.role} ${user.username} ${user.password}`);
  fs.appendFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  const names = added.map((user) => user.username).join(', ');
  log.info(`demo operators added (development only): ${names}; their passwords are in ${file}`);
}
