import autocannon from 'autocannon';

export type LoadResult = {
  requestsPerSecond: number;
  /** Requests answered, and the seconds the run took: for sums over several runs. */
  requests: number;
  seconds: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
};

export type LoadOptions = {
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  connections?: number;
  durationSeconds?: number;
};

/** Drives `url` with autocannon for a fixed time; bounded in time and aimed only at loopback. */
export async function load(url: string, options: LoadOptions = {}): Promise<LoadResult> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(url))
    throw new Error(`refusing to load ${url}`);
  const result = await autocannon({
    url,
    method: options.method ?? 'GET',
    body: options.body,
    headers: options.headers,
    connections: options.connections ?? 10,
    duration: options.durationSeconds ?? 5,
  });
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    seconds: result.duration,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function report(
  name: string,
  subject: LoadResult,
  baseline: LoadResult,
  goal?: number,
): boolean {
  const ratio = subject.requestsPerSecond / baseline.requestsPerSecond;
  const verdict =
    goal === undefined
      ? ''
      : ratio >= goal
        ? ` (goal ≥ ${Math.round(goal * 100)}%: met)`
        : ` (goal ≥ ${Math.round(goal * 100)}%: NOT met)`;
  console.log(
    `${name}: ${Math.round(subject.requestsPerSecond)} req/s vs baseline ${Math.round(baseline.requestsPerSecond)} req/s = ${(ratio * 100).toFixed(1)}%${verdict}; p99 ${subject.p99Ms} ms (baseline ${baseline.p99Ms} ms); errors ${subject.errors}, non-2xx ${subject.non2xx}`,
  );
  return goal === undefined || ratio >= goal;
}
