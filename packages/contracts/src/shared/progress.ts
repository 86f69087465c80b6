import { z } from 'zod';

/** A bulk dispatch's progress (campaigns, operations): items sent of the total, the rate measured since the send, the time left at that rate. */
export const dispatchProgressSchema = z.object({
  total: z.number().int(),
  dispatched: z.number().int(),
  failed: z.number().int(),
  percent: z.number(),
  ratePerMinute: z.number().nullable(),
  etaSeconds: z.number().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type DispatchProgress = z.infer<typeof dispatchProgressSchema>;
