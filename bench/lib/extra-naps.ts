import type { Database } from '../../apps/api/src/platform/db/database';

/**
 * Fills the NAP table up to `total` rows with deterministic NAPs spread over the Philippines' land
 * bounding box, so the serviceability query runs against a national-scale plant.
 */
export async function fillNaps(database: Database, total: number): Promise<number> {
  const { rows } = await database.pool.query<{ n: number }>('select count(*)::int as n from naps');
  const missing = Math.max(0, total - (rows[0]?.n ?? 0));
  await database.pool.query(
    `insert into naps (code, location, port_count, used_ports, status)
     select 'BENCH-' || g, point(117.0 + (g::bigint * 7919 % 100000) / 100000.0 * 9.5, 5.0 + (g::bigint * 104729 % 100000) / 100000.0 * 13.5),
            16, (g % 17), 'active'
     from generate_series(1, $1) as g`,
    [missing],
  );
  await database.pool.query('analyze naps');
  return missing;
}
