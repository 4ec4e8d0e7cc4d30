export type TLatencyStats = {
  count: number
  perSecond: number
  p50: number
  p95: number
  p99: number
  max: number
  mean: number
}

/** Nearest-rank percentile: the smallest sample at or above that share of all samples. */
function percentile(sorted: number[], share: number): number {
  const rank = Math.max(1, Math.ceil(share * sorted.length))
  return sorted[rank - 1] ?? Number.NaN
}

/** Summarises per-request durations (ms) measured over `wallMs` of wall-clock time. */
export function summariseLatencies(durationsMs: number[], wallMs: number): TLatencyStats {
  const sorted = [...durationsMs].sort((a, b) => a - b)
  const total = sorted.reduce((sum, d) => sum + d, 0)
  return {
    count: sorted.length,
    perSecond: wallMs > 0 ? (sorted.length * 1000) / wallMs : Number.NaN,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
    mean: sorted.length ? total / sorted.length : Number.NaN,
  }
}
