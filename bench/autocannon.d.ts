// The part of autocannon's API that bench/api.ts uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram { average: number; mean: number; p50: number; p99: number; max: number; total: number }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    statusCodeStats?: Record<string, { count: number }>;
  }
  interface Options { url: string; headers?: Record<string, string>; connections?: number; duration?: number; method?: string }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
