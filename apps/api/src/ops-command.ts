import { parseArgs } from 'node:util';
import * as z from 'zod';
import { OPS_PASSWORD_MIN_LENGTH, OPS_ROLES, ZOpsUsername } from '@konek/contract/ops';
import type { Clock } from './platform/clock';
import type { Db } from './platform/db/database';
import type { PinHasher } from './modules/identity/service';
import { addOperator } from './modules/operators/service';

// ADR 046: `npm run ops -- add-user --username <u> --role <a role of OPS_ROLES> --name <first name>`.
// The password is read from standard input (piped) or typed at the prompt; it is never an argument, so
// it stays out of the shell history and the process list.

export const OPS_USAGE =
  `Usage: npm run ops -- add-user --username <username> --role ${OPS_ROLES.join('|')} --name <first name>\n` +
  `The password (at least ${OPS_PASSWORD_MIN_LENGTH} characters) is read from standard input or typed at the prompt.`;

export type OpsCommandDependencies = {
  db: Db;
  clock: Clock;
  passwords: PinHasher;
  readPassword: () => Promise<string>;
  print: (line: string) => void;
};

const ZAddUser = z.object({
  username: ZOpsUsername,
  role: z.enum(OPS_ROLES),
  name: z.string().trim().min(1).max(100),
});

/** Runs one ops command; answers the process exit code (0 done, 1 refused, 2 bad usage). */
export async function runOpsCommand(
  argv: readonly string[],
  deps: OpsCommandDependencies,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        username: { type: 'string' },
        role: { type: 'string' },
        name: { type: 'string' },
      },
    });
  } catch (error) {
    deps.print(`${error instanceof Error ? error.message : String(error)}\n${OPS_USAGE}`);
    return 2;
  }
  if (parsed.positionals[0] !== 'add-user' || parsed.positionals.length !== 1) {
    deps.print(OPS_USAGE);
    return 2;
  }
  const options = ZAddUser.safeParse(parsed.values);
  if (!options.success) {
    const issue = options.error.issues[0]!;
    deps.print(`--${issue.path.join('.')}: ${issue.message}\n${OPS_USAGE}`);
    return 2;
  }
  const password = await deps.readPassword();
  if (password.length < OPS_PASSWORD_MIN_LENGTH) {
    deps.print(`The password must have at least ${OPS_PASSWORD_MIN_LENGTH} characters.`);
    return 1;
  }
  const added = await addOperator(deps, {
    username: options.data.username,
    role: options.data.role,
    firstName: options.data.name,
    password,
  });
  if (added === 'USERNAME_TAKEN') {
    deps.print(`The username ${options.data.username} is taken.`);
    return 1;
  }
  deps.print(`Added ${options.data.role} ${options.data.username} (${added.id}).`);
  return 0;
}
