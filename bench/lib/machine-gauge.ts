import fs from 'node:fs';
import { median } from './median';

// What the machine charges for the kernel's part of the work, printed with every benchmark: two machines
// of the same core count and CPU index (Lighthouse's gauge) can differ tenfold here, and the benchmarks
// move with it. A request costs a server a few system calls (read, writev, epoll); a browser loading a
// page, or a scrypt hash (32 MB of fresh memory), costs thousands of page faults. On 2026-12-01 a
// 2-core machine measured 10–14 µs a page fault and 2 µs a system call through Node (1 µs a bare
// `getppid` in C), where a fault commonly costs well under 1 µs.

const PAGE_BYTES = 4096;
const FAULT_BYTES = 64 * 1024 * 1024;
const READS = 100_000;
const TRIES = 3;

/** Microseconds one 4 KB page fault costs: filling fresh memory, less filling the same memory again. */
function pageFaultMicros(): number {
  const fresh = Buffer.allocUnsafeSlow(FAULT_BYTES);
  let start = process.hrtime.bigint();
  fresh.fill(1);
  const firstFill = Number(process.hrtime.bigint() - start);
  start = process.hrtime.bigint();
  fresh.fill(2);
  const secondFill = Number(process.hrtime.bigint() - start);
  return (firstFill - secondFill) / (FAULT_BYTES / PAGE_BYTES) / 1000;
}

/** Microseconds one system call costs through Node: a 1-byte read of /dev/zero. */
function systemCallMicros(): number {
  const fd = fs.openSync('/dev/zero', 'r');
  const byte = Buffer.alloc(1);
  try {
    const start = process.hrtime.bigint();
    for (let index = 0; index < READS; index += 1) fs.readSync(fd, byte, 0, 1, null);
    return Number(process.hrtime.bigint() - start) / READS / 1000;
  } finally {
    fs.closeSync(fd);
  }
}

/** "page fault 11.2 µs, system call 1.9 µs": the median of a few tries of each, for a report's header. */
export function describeMachineGauge(): string {
  const faults = Array.from({ length: TRIES }, pageFaultMicros);
  const calls = Array.from({ length: TRIES }, systemCallMicros);
  return `page fault ${median(faults).toFixed(1)} µs, system call ${median(calls).toFixed(1)} µs`;
}
