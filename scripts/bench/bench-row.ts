/** One figure of `npm run bench`: what every `scripts/bench/<name>.bench.ts` returns from `run()`. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number };
  ratio?: number;
  target?: string;
  pass?: boolean;
}
