import { z } from 'zod';

export const HealthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/** GET /api/ready: this instance may be sent requests (decision 0047). */
export const ReadyResponse = z.object({
  status: z.literal('ready'),
  /** Migrations applied: every one this version has. */
  migrations: z.number().int(),
});
export type ReadyResponse = z.infer<typeof ReadyResponse>;
