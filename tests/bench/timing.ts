/** Median of `runs` timed calls after one warm-up call (plans and buffer cache warm), in ms to 0.1. */
export async function medianMs(fn: () => Promise<unknown>, runs: number): Promise<number> {
  await fn();
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    xs.push(performance.now() - t);
  }
  xs.sort((a, b) => a - b);
  return Math.round(xs[Math.floor(xs.length / 2)] * 10) / 10;
}
