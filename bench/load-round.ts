import type { Answer } from './bench-server';

/** Load rounds shared by the list benchmarks (bench:lists, bench:intake). */
export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** n requests over `concurrency` connections after a warm-up of one a connection; answers req/s, p50 and p95 (ms). */
export async function round(send: (i: number) => Promise<Answer>, n: number, concurrency: number): Promise<{ rps: number; p50: number; p95: number }> {
  await Promise.all(Array.from({ length: concurrency }, (_, c) => send(50_000 + c)));
  const times: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < n) {
      const i = next++;
      const t = performance.now();
      const r = await send(i);
      times.push(performance.now() - t);
      if (r.status !== 200) throw new Error(`answered ${r.status}: ${r.text.slice(0, 200)}`);
    }
  }));
  const seconds = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  return { rps: n / seconds, p50: pct(times, 50), p95: pct(times, 95) };
}
