import { z } from 'zod';
import { itemEnvelope, uuidSchema } from '../shared/common.ts';

/**
 * Dashboards (spec §2 `home` and `dashboardAdmin`, §9): the figures come from pre-aggregated tables kept by an
 * event recorder (docs/dashboards.md), never from counting raw rows per page view.
 */

// ----- Activity (the recorder's metrics) -----

/** What the activity figures count: requests by the event that moved them, and participants. */
export const activityMetrics = [
  'requests_created',
  'requests_sent',
  'requests_completed',
  'requests_refused',
  'requests_expired',
  'requests_canceled',
  'signers_invited',
  'signers_signed',
] as const;
export const activityMetricSchema = z.enum(activityMetrics);
export type ActivityMetric = z.infer<typeof activityMetricSchema>;

/** Where a request comes from: sent alone, a campaign's copy (classic or mail-merge), an operation's order. */
export const activitySources = ['single', 'campaign', 'operation'] as const;
export type ActivitySource = (typeof activitySources)[number];

export const activityCountsSchema = z.record(activityMetricSchema, z.number().int());
export type ActivityCounts = z.infer<typeof activityCountsSchema>;

const monthSchema = z.string().regex(/^\d{4}-\d{2}$/);

// ----- Home -----

/** The kinds of bulk sending the home follows: a classic campaign, a mail-merge one (mailing), an operation. */
export const processKinds = ['campaign', 'mailing', 'operation'] as const;
export type ProcessKind = (typeof processKinds)[number];

/**
 * A campaign, mailing or operation and where its signatories stand: its own counters, no count of rows. For an
 * operation the "signatories" are its orders (docs/dashboards.md gives the mapping).
 */
export const bulkProgressSchema = z.object({
  kind: z.enum(processKinds),
  id: uuidSchema,
  label: z.string(),
  status: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  signatories: z.number().int(),
  /** Copies made (sent to their signatory). */
  sent: z.number().int(),
  opened: z.number().int(),
  signed: z.number().int(),
  refused: z.number().int(),
  expired: z.number().int(),
  canceled: z.number().int(),
  failed: z.number().int(),
});
export type BulkProgress = z.infer<typeof bulkProgressSchema>;

export const homeDashboardSchema = z.object({
  /** The current UTC month, `YYYY-MM`. */
  month: monthSchema,
  /** `tenant`: every user's activity (GERANT, COMPTABLE); `team`: the caller's and their descendants'. */
  scope: z.enum(['tenant', 'team']),
  /** This month's activity, every source. */
  thisMonth: activityCountsSchema,
  /** The last 12 months, oldest first (this month last). */
  months: z.array(z.object({ month: monthSchema, counts: activityCountsSchema })),
  /**
   * Consumption excluding VAT (billing's monthly figures, discounts applied), 12 months; null for a profile
   * without `billing.read` (the consumption screen is not theirs either).
   */
  consumption: z
    .object({
      months: z.array(z.object({ month: monthSchema, quantity: z.number().int(), netCents: z.number().int() })),
    })
    .nullable(),
  /** The latest sent, not finished, campaign, mailing and operation (each null without one, or when its list is not the caller's). */
  current: z.object({ campaign: bulkProgressSchema.nullable(), mailing: bulkProgressSchema.nullable(), operation: bulkProgressSchema.nullable() }),
  /** The 6 latest pending or ready campaigns, mailings and operations together, newest created first (spec §9: dashboard lists 6 items). */
  latest: z.array(bulkProgressSchema),
});
export type HomeDashboard = z.infer<typeof homeDashboardSchema>;
export const homeDashboardResponse = itemEnvelope(homeDashboardSchema);

// ----- Super dashboard (product administrator) -----

/** The background processes the administrator follows live (each a pg-boss queue: docs/dashboards.md). */
export const processTypes = ['campaign_dispatch', 'mail_merge_batch', 'operation_dispatch', 'contact_import', 'campaign_import', 'archive'] as const;
export type ProcessType = (typeof processTypes)[number];

export const adminLiveSchema = z.object({
  at: z.string(),
  /** Per process type: waiting or working now, completed and failed (after every retry) in the last 24 hours. */
  processes: z.array(z.object({ type: z.enum(processTypes), running: z.number().int(), completed: z.number().int(), failed: z.number().int() })),
  /** The latest failures of the last 24 hours (10 at most). */
  failures: z.array(
    z.object({
      type: z.enum(processTypes),
      appId: uuidSchema.nullable(),
      company: z.string().nullable(),
      failedAt: z.string(),
      message: z.string().nullable(),
    }),
  ),
  /** Signature reminders and expiries across tenants on day D (today), D+1 and D+7 (UTC days). */
  reminders: z.array(
    z.object({
      inDays: z.union([z.literal(0), z.literal(1), z.literal(7)]),
      date: z.string(),
      mailReminders: z.number().int(),
      smsReminders: z.number().int(),
      expiring: z.number().int(),
    }),
  ),
});
export type AdminLive = z.infer<typeof adminLiveSchema>;
export const adminLiveResponse = itemEnvelope(adminLiveSchema);

export const adminOverviewSchema = z.object({
  month: monthSchema,
  /** Tenants that sent at least one request this month. */
  activeTenants: z.number().int(),
  /** The most active tenants this month (requests sent), 10 at most. */
  tenants: z.array(z.object({ appId: uuidSchema, company: z.string(), sent: z.number().int(), completed: z.number().int() })),
  /** Billed consumption excluding VAT (net of volume discounts) across tenants, 12 months, oldest first. */
  revenue: z.array(z.object({ month: monthSchema, netCents: z.number().int() })),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
export const adminOverviewResponse = itemEnvelope(adminOverviewSchema);
