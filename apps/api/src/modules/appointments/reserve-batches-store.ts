import type { Pool } from 'pg';
import {
  reserveInOneStatement,
  reserveOutcomeOf,
  reserveValues,
  type ReserveInOneStatement,
  type ReserveOutcome,
} from './store';

// ADR 060: bookings that arrive while earlier ones are with the database wait for them and then go
// together, in one statement (db/functions/konek_reserve_appointments.sql, ADR 085) — one round
// trip, one transaction and one commit for all of them. Each answer is what the same booking would have
// got on its own, in arrival order; a batch that fails as a whole is sent again one booking at a time, so
// one booking's error is never another's.
// ADR 065: the bookings read in one turn of the event loop go together (a booking waits for the end of
// its turn, not for a timer), and a second or third statement goes to the database only while a full
// batch waits: a batch costs the database most of its time whatever its size, so two half batches at
// once cost nearly twice one full one.

/** Bookings in one statement at most: a longer batch holds its slots for longer. */
const MAX_BATCH = 16;
/** Statements with the database at once, the second and third only for full batches. */
const MAX_IN_FLIGHT = 3;

const BATCH_STATEMENT = {
  name: 'konek_reserve_appointments_v1',
  text: `select konek_reserve_appointments($1::uuid[], $2::bigint[], $3::uuid[], $4::uuid[],
    $5::timestamptz[], $6::timestamptz[], $7::boolean[], $8::timestamptz[], $9::timestamptz[],
    $10::timestamptz[], $11::text[]) as r`,
};

type Waiting = {
  input: ReserveInOneStatement;
  resolve: (outcome: ReserveOutcome) => void;
  reject: (error: unknown) => void;
};

class ReserveBatches {
  private waiting: Waiting[] = [];
  private inFlight = 0;
  /** A dispatch is set for the end of this turn of the event loop. */
  private isDispatchDue = false;

  constructor(private readonly pool: Pool) {}

  reserve(input: ReserveInOneStatement): Promise<ReserveOutcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      if (this.isDispatchDue) return;
      this.isDispatchDue = true;
      setImmediate(() => {
        this.isDispatchDue = false;
        this.dispatch();
      });
    });
  }

  private dispatch(): void {
    while (this.waiting.length > 0 && this.mayStartBatch()) {
      const batch = this.nextBatch();

      this.inFlight += 1;
      void this.send(batch).finally(() => {
        this.inFlight -= 1;
        this.dispatch();
      });
    }
  }

  private mayStartBatch(): boolean {
    if (this.inFlight === 0) return true;
    return this.inFlight < MAX_IN_FLIGHT && this.waiting.length >= MAX_BATCH;
  }

  /**
   * The first waiting bookings, up to MAX_BATCH, one per account (ADR 063: a batch of different accounts
   * can be decided together); an account's later booking waits for the next batch, in its order.
   */
  private nextBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    const accounts = new Set<string>();
    for (const waiting of this.waiting) {
      if (batch.length < MAX_BATCH && !accounts.has(waiting.input.accountId)) {
        accounts.add(waiting.input.accountId);
        batch.push(waiting);
      } else {
        rest.push(waiting);
      }
    }
    this.waiting = rest;
    return batch;
  }

  private async send(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) return this.sendAlone(batch[0]!);
    let outcomes: ReserveOutcome[];
    try {
      const answers = await this.sendTogether(batch.map((waiting) => waiting.input));
      outcomes = answers.map((answer, index) => reserveOutcomeOf(answer, batch[index]!.input));
    } catch {
      // Nothing of the batch was kept (one statement, one transaction): each booking goes again alone,
      // and an error is then its own.
      await Promise.all(batch.map((waiting) => this.sendAlone(waiting)));
      return;
    }
    batch.forEach((waiting, index) => waiting.resolve(outcomes[index]!));
  }

  private async sendAlone(waiting: Waiting): Promise<void> {
    try {
      waiting.resolve(await reserveInOneStatement(this.pool, waiting.input));
    } catch (error) {
      waiting.reject(error);
    }
  }

  private async sendTogether(inputs: ReserveInOneStatement[]): Promise<Record<string, unknown>[]> {
    const rows = inputs.map(reserveValues);
    const columns = rows[0]!.map((_, column) => rows.map((row) => row[column]));
    const result = await this.pool.query<{ r: Record<string, unknown>[] }>({
      ...BATCH_STATEMENT,
      values: columns,
    });

    const answers = result.rows[0]!.r;
    if (answers.length !== inputs.length) throw new Error('a batch answered the wrong count');
    return answers;
  }
}

const batchesOfPool = new WeakMap<Pool, ReserveBatches>();

/** reserve_appointment's statement, batched with the bookings that arrive while the database is busy. */
export function reserveInBatches(
  pool: Pool,
  input: ReserveInOneStatement,
): Promise<ReserveOutcome> {
  let batches = batchesOfPool.get(pool);
  if (!batches) {
    batches = new ReserveBatches(pool);
    batchesOfPool.set(pool, batches);
  }
  return batches.reserve(input);
}
