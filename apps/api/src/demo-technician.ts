import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  NOT_STARTED_STATUSES,
  OPS_ASSIGN_PATH,
  OPS_LOGIN_PATH,
  OPS_MOVE_PATH,
  OPS_WORK_ORDERS_PATH,
  WO_ON_THE_WAY,
  WO_PENDING_FOR_VISIT,
  type TOpsWorkOrder,
} from '@konek/contract/ops';
import { OPS_POSITION_PATH, distanceMetres } from '@konek/contract/tracking';
import { loadConfig } from './platform/config';
import { demoWaypoints, positionsAlong } from './demo-route';

// `npm run demo:technician` (ADR 051): against the running `npm start`, signs in as the
// development demo dispatcher and technician (ADR 046: DATA_DIR/secrets/ops-demo-logins), takes today's
// first booked job (or the next one booked), assigns it to the demo technician, sets off, drives to the
// customer's pin posting a position every 2 s, arrives, and completes the job — so a person can watch
// /trackmyorder move. Only HTTP to the server, like the technician's phone: nothing else to install.

const USAGE = `Usage: npm run demo:technician [-- --speed <n>] [--job <order number>]
  --speed <n>   drive n times faster (default 1: about 90 s on the road)
  --job <KNK-…> take this order's job instead of the first booked one`;

const { values } = parseArgs({
  options: {
    speed: { type: 'string', default: '1' },
    job: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const speed = Number(values.speed);
if (!Number.isFinite(speed) || speed <= 0 || speed > 100) {
  console.error('--speed must be a number above 0 (at most 100).');
  process.exit(2);
}

const config = loadConfig();
const baseUrl = `http://localhost:${config.port}`;
const DRIVE_SECONDS = 90;
const POSITION_EVERY_MS = 2_000;
const ON_SITE_SECONDS = 8;
const DAYS_AHEAD = 14;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

type Reply = { code: number; message?: string; [field: string]: unknown };

async function post(route: string, body: unknown, token?: string): Promise<Reply> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${route}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  } catch {
    return fail(`Konek is not answering on ${baseUrl}. Start it first: npm start`);
  }
  const reply = (await response.json().catch(() => ({ code: response.status }))) as Reply;
  return { ...reply, status: response.status };
}

function demoLogins(): Map<string, { username: string; password: string }> {
  const file = path.join(config.dataDir, 'secrets', 'ops-demo-logins');
  if (!fs.existsSync(file)) {
    fail(
      `No demo operators in ${file}. They are made when \`npm start\` starts in development (NODE_ENV unset).`,
    );
  }
  const logins = new Map<string, { username: string; password: string }>();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const [role, username, password] = line.trim().split(/\s+/);
    // The newest line of each role wins.
    if (role && username && password) logins.set(role, { username, password });
  }
  return logins;
}

async function signIn(role: string, login: { username: string; password: string } | undefined) {
  if (!login) return fail(`No demo ${role} in the demo logins file.`);
  const reply = await post(OPS_LOGIN_PATH, login);
  if (reply.code !== 0) {
    fail(`The demo ${role} (${login.username}) could not sign in: ${reply.message ?? reply.code}`);
  }
  return {
    token: reply['api_token'] as string,
    user: reply['user'] as { user_id: string; first_name: string },
  };
}

function manilaDay(offsetDays: number): string {
  const at = new Date(Date.now() + offsetDays * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(at);
}

const manilaTime = (iso: string) =>
  new Intl.DateTimeFormat('en-PH', {
    timeZone: 'Asia/Manila',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

/** A job the demo can drive: not started yet, or already on the way with the demo technician. */
const drivable = (job: TOpsWorkOrder, technicianId: string) =>
  NOT_STARTED_STATUSES.includes(job.status) ||
  (job.status === WO_ON_THE_WAY && job.technician?.user_id === technicianId);

async function chooseJob(token: string, technicianId: string): Promise<TOpsWorkOrder> {
  const wanted = values.job?.trim().toUpperCase();
  for (let offset = 0; offset <= DAYS_AHEAD; offset += 1) {
    const reply = await post(OPS_WORK_ORDERS_PATH, { day: manilaDay(offset) }, token);
    if (reply.code !== 0) fail(`Could not list the jobs: ${reply.message ?? reply.code}`);
    const jobs = reply['work_orders'] as TOpsWorkOrder[];
    const job = wanted
      ? jobs.find((each) => each.order_number.toUpperCase() === wanted)
      : jobs.find((each) => drivable(each, technicianId));
    if (job) {
      if (wanted && !drivable(job, technicianId)) {
        fail(
          `${job.order_number} is "${job.installation_status}" (${job.status}): nothing to drive.`,
        );
      }
      return job;
    }
  }
  return fail(
    wanted
      ? `No job for order ${wanted} in the next ${DAYS_AHEAD} days.`
      : `No booked job today or in the next ${DAYS_AHEAD} days. Order first on ${baseUrl}`,
  );
}

async function move(token: string, job: TOpsWorkOrder, action: string) {
  const reply = await post(OPS_MOVE_PATH, { work_order_id: job.work_order_id, action }, token);
  if (reply.code !== 0) fail(`Could not move ${job.order_number} (${action}): ${reply.message}`);
  const moved = reply['work_order'] as TOpsWorkOrder;
  console.log(
    `${moved.order_number}: ${moved.status} — the customer sees "${moved.installation_status}"`,
  );
  return moved;
}

const logins = demoLogins();
const dispatcher = await signIn('dispatcher', logins.get('dispatcher'));
const technician = await signIn('technician', logins.get('technician'));
console.log(
  `Signed in on ${baseUrl} as the demo dispatcher and technician ${technician.user.first_name}.`,
);

let job = await chooseJob(dispatcher.token, technician.user.user_id);
const when = job.installation ? manilaTime(job.installation.start_time) : 'no booked time';
console.log(`Chose ${job.order_number} (${when}, ${job.status}).`);
const destination = job.visit?.destination;
if (!destination) fail(`${job.order_number} has no address pin to drive to.`);
if (job.visit) console.log(`Driving to ${job.visit.home}, ${job.visit.area}.`);

if (job.status !== WO_ON_THE_WAY) {
  if (job.technician?.user_id !== technician.user.user_id || job.status !== WO_PENDING_FOR_VISIT) {
    const reply = await post(
      OPS_ASSIGN_PATH,
      { work_order_id: job.work_order_id, technician_id: technician.user.user_id },
      dispatcher.token,
    );
    if (reply.code !== 0) fail(`Could not assign ${job.order_number}: ${reply.message}`);
    console.log(`Assigned to ${technician.user.first_name}.`);
  }
  job = await move(technician.token, job, 'on_the_way');
}

const count = Math.max(2, Math.round((DRIVE_SECONDS * 1000) / speed / POSITION_EVERY_MS) + 1);
const route = positionsAlong(demoWaypoints(destination!, 3), count);
let warnedMissing = false;
for (const [index, point] of route.entries()) {
  const reply = await post(
    OPS_POSITION_PATH,
    { work_order_id: job.work_order_id, lat: point.lat, lng: point.lng, accuracy_m: 10 },
    technician.token,
  );
  const km = (distanceMetres(point, destination!) / 1000).toFixed(2);
  if (reply.code === 0) {
    const eta = reply['eta_minutes'];
    console.log(
      `  position ${index + 1}/${route.length}: ${km} km to go, arrival in ${eta ?? '?'} min`,
    );
  } else if (reply['status'] === 404 && !warnedMissing) {
    warnedMissing = true;
    console.log(`  this server has no ${OPS_POSITION_PATH} yet: driving without sending positions`);
  } else if (reply['status'] !== 404) {
    console.log(`  position ${index + 1}/${route.length} refused: ${reply.message ?? reply.code}`);
  }
  if (index < route.length - 1) await sleep(POSITION_EVERY_MS);
}

job = await move(technician.token, job, 'arrived');
console.log(`On site; installing for ${Math.round(ON_SITE_SECONDS / speed)} s…`);
await sleep((ON_SITE_SECONDS * 1000) / speed);
await move(technician.token, job, 'completed');
console.log('Done. The customer sees "Installed" on /trackmyorder.');
