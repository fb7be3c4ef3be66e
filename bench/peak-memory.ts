/**
 * Runs `f` and measures it as the report benches do: seconds taken and the process's peak resident memory above
 * what it held when it started (sampled every 10 ms, after a collection when node runs with --expose-gc).
 */
export async function withPeakMemory<T>(f: () => Promise<T>): Promise<{ value: T; seconds: number; peakMB: number }> {
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const t0 = performance.now();
  try {
    const value = await f();
    return { value, seconds: (performance.now() - t0) / 1000, peakMB: (Math.max(peak, process.memoryUsage().rss) - rss0) / 1024 / 1024 };
  } finally {
    clearInterval(sampler);
  }
}
