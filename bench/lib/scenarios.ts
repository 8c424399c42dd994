/** One benchmark: the same request against Konek and against a bare node:http baseline. */
export type Scenario = {
  name: string;
  method: 'GET' | 'POST';
  body?: string;
  konekUrl: string;
  baselineUrl: string;
  /** Minimum Konek/baseline throughput ratio the issue asks for. */
  goalRatio?: number;
  /** Maximum p99 latency the issue asks for. */
  goalP99Ms?: number;
};
