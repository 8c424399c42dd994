import crypto from 'node:crypto';
import KDBush from 'kdbush';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/database';
import type { Box, LatLng } from '../../platform/geo';
import {
  findBuildingsIn,
  findNapsIn,
  listAllBuildings,
  listenForCoverageChanges,
  loadNaps,
  notifyCoverageListeners,
  type BuildingRow,
  type CoverageListener,
  type NapRow,
} from './store';

// ADR 018: the serviceability check is the hottest call of the journey, so every API process keeps the
// coverage network in memory, in KD-trees, and PostgreSQL stays its only source of truth: triggers
// (migration 0004) notify the changed rows when a transaction commits, and the index re-reads them.
// While the notification connection is down the index is not live, and checks ask PostgreSQL directly.

const SYNC_PREFIX = 'sync:';
const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 30_000;

export type CoverageIndex = {
  /** The NAPs inside the box: from memory when live. */
  napsIn: (box: Box) => Promise<NapRow[]>;
  /** Konek's listed buildings inside the box (the local building lookup's): from memory when live. */
  buildingsIn: (box: Box) => Promise<BuildingRow[]>;
  /** Resolves once every change committed before the call is visible to `napsIn` and `buildingsIn`. */
  sync: () => Promise<void>;
  close: () => Promise<void>;
};

/** Points in a static KD-tree, rebuilt when a point is added, moved or removed. */
class PointSet<T extends LatLng> {
  private readonly tree: KDBush;

  constructor(private readonly items: T[]) {
    this.tree = new KDBush(items.length);
    for (const item of items) this.tree.add(item.longitude, item.latitude);
    this.tree.finish();
  }

  inBox(box: Box): T[] {
    return this.tree.range(box.west, box.south, box.east, box.north).map((at) => this.items[at]!);
  }
}

type Batch = {
  napIds: Set<number>;
  reloadNaps: boolean;
  reloadBuildings: boolean;
  /** sync() calls answered once this batch is applied. */
  waiters: Array<() => void>;
};
const emptyBatch = (): Batch => ({
  napIds: new Set(),
  reloadNaps: false,
  reloadBuildings: false,
  waiters: [],
});
const hasWork = (batch: Batch) =>
  batch.reloadNaps || batch.reloadBuildings || batch.napIds.size > 0 || batch.waiters.length > 0;

export async function openCoverageIndex(
  database: Database,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<CoverageIndex> {
  const { pool, db } = database;
  const naps = new Map<number, NapRow>();
  let napPoints = new PointSet<NapRow>([]);
  let buildingPoints = new PointSet<BuildingRow>([]);

  let listener: CoverageListener | undefined;
  let connection = 0;
  let isLive = false;
  let isClosed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let pending = emptyBatch();
  let draining: Promise<void> | undefined;
  const syncWaiters = new Map<string, () => void>();

  async function apply(batch: Batch): Promise<void> {
    let isMoved = false;
    if (batch.reloadNaps) {
      naps.clear();
      for (const nap of await loadNaps(pool)) naps.set(nap.id, nap);
      isMoved = true;
    } else if (batch.napIds.size > 0) {
      const ids = [...batch.napIds];
      const found = new Map((await loadNaps(pool, ids)).map((nap) => [nap.id, nap]));
      for (const id of ids) {
        const known = naps.get(id);
        const now = found.get(id);
        if (!now) {
          isMoved ||= naps.delete(id);
        } else if (known && known.latitude === now.latitude && known.longitude === now.longitude) {
          Object.assign(known, now); // ports or status changed: the tree still holds this object
        } else {
          naps.set(id, now);
          isMoved = true;
        }
      }
    }
    if (isMoved) napPoints = new PointSet([...naps.values()]);
    if (batch.reloadBuildings) buildingPoints = new PointSet(await listAllBuildings(db));
  }

  /** Applies queued changes one batch at a time; a failure drops to PostgreSQL and reconnects. */
  function drain(): Promise<void> {
    draining ??= (async () => {
      while (hasWork(pending)) {
        const batch = pending;
        pending = emptyBatch();
        try {
          await apply(batch);
        } catch (error) {
          lose(error);
        }
        for (const resolve of batch.waiters) resolve();
      }
    })().finally(() => {
      draining = undefined;
    });
    return draining;
  }

  function receive(payload: string): void {
    if (payload.startsWith(SYNC_PREFIX)) {
      const resolve = syncWaiters.get(payload);
      syncWaiters.delete(payload);
      if (resolve) pending.waiters.push(resolve);
    } else {
      const [table, ids] = payload.split(':', 2);
      if (table === 'buildings') pending.reloadBuildings = true;
      else if (table === 'naps' && ids === undefined) pending.reloadNaps = true;
      else if (table === 'naps') for (const id of ids!.split(',')) pending.napIds.add(Number(id));
    }
    void drain();
  }

  function lose(error: unknown): void {
    if (!isLive && listener === undefined) return;
    isLive = false;
    log.warn({ err: error }, 'coverage index: lost its notifications, checks ask PostgreSQL');
    const lost = listener;
    listener = undefined;
    lost?.end().catch(() => undefined);
    for (const resolve of syncWaiters.values()) resolve();
    syncWaiters.clear();
    retryLater(FIRST_RETRY_MS);
  }

  function retryLater(delayMs: number): void {
    if (isClosed) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      connect().catch((error: unknown) => {
        log.warn({ err: error }, 'coverage index: reconnect failed');
        retryLater(Math.min(delayMs * 2, LAST_RETRY_MS));
      });
    }, delayMs);
    retryTimer.unref();
  }

  async function connect(): Promise<void> {
    const attempt = ++connection;
    const client = await listenForCoverageChanges(pool, {
      onError: (error) => {
        if (attempt === connection) lose(error);
      },
      onEnd: () => {
        if (attempt === connection) lose(new Error('the notification connection ended'));
      },
      onNotification: (payload) => {
        if (attempt === connection) receive(payload);
      },
    });
    if (isClosed || attempt !== connection) {
      await client.end();
      return;
    }
    listener = client;
    // Whatever changed before LISTEN was never notified: read it all once.
    const startedAt = performance.now();
    pending.reloadNaps = true;
    pending.reloadBuildings = true;
    await drain();
    if (attempt === connection && listener === client) {
      isLive = true;
      const tookMs = Math.round(performance.now() - startedAt);
      log.info(
        `coverage index: ${naps.size} NAPs in memory (loaded in ${tookMs} ms), following changes`,
      );
    }
  }

  await connect();

  return {
    napsIn: async (box) => (isLive ? napPoints.inBox(box) : findNapsIn(pool, box)),
    buildingsIn: async (box) => (isLive ? buildingPoints.inBox(box) : findBuildingsIn(pool, box)),
    sync: async () => {
      if (!isLive) return; // reads go to PostgreSQL, which is current
      const token = `${SYNC_PREFIX}${crypto.randomUUID()}`;
      const synced = new Promise<void>((resolve) => syncWaiters.set(token, resolve));
      // Notifications arrive in commit order: this one comes after every change committed before it.
      await notifyCoverageListeners(pool, token);
      await synced;
    },
    close: async () => {
      isClosed = true;
      isLive = false;
      clearTimeout(retryTimer);
      connection++;
      for (const resolve of syncWaiters.values()) resolve();
      syncWaiters.clear();
      await listener?.end().catch(() => undefined);
      listener = undefined;
      await draining;
    },
  };
}
