import fs from 'node:fs';

// CPU time of processes from Linux's /proc, for the benchmarks' "where the time went" lines: the server
// process and the embedded PostgreSQL it started (its postmaster and backends).

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

type Stat = { parent: number; ownTicks: number; childTicks: number };

function readStats(): Map<number, Stat> | null {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return null;
  }
  const stats = new Map<number, Stat>();
  for (const entry of entries) {
    try {
      const text = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command name in parentheses: state, ppid, …; utime, stime, cutime, cstime are 14–17.
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), {
        parent: Number(fields[1]),
        ownTicks: Number(fields[11]) + Number(fields[12]),
        childTicks: Number(fields[13]) + Number(fields[14]),
      });
    } catch {
      // The process ended meanwhile.
    }
  }
  return stats;
}

const ms = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;

/** The CPU time of one process (all its threads) so far, in milliseconds; null without Linux's /proc. */
export function processCpuMs(pid: number): number | null {
  const stat = readStats()?.get(pid);
  return stat ? ms(stat.ownTicks) : null;
}

/**
 * The CPU time of the process's descendants — the embedded PostgreSQL's postmaster and its backends,
 * finished children included — in milliseconds; null where /proc is not Linux's.
 */
export function descendantsCpuMs(rootPid: number): number | null {
  const stats = readStats();
  if (!stats) return null;
  const isDescendant = (pid: number): boolean => {
    for (let parent = stats.get(pid)?.parent; parent !== undefined && parent > 1;) {
      if (parent === rootPid) return true;
      parent = stats.get(parent)?.parent;
    }
    return false;
  };
  // A finished child's time is in its parent's cutime/cstime, a live one's only in its own: summed over
  // the live tree, each is counted once.
  let ticks = 0;
  for (const [pid, stat] of stats) if (isDescendant(pid)) ticks += stat.ownTicks + stat.childTicks;
  return ms(ticks);
}
