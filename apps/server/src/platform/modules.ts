import type { DomainEventType, EndpointSpec, Permission } from '@paraphe/contracts';
import type { Platform } from './context.ts';
import { eventQueueOf, type Recorder, type Subscription } from './events/bus.ts';
import type { App } from './http/types.ts';
import type { TemplateCatalogues, TemplateName } from './messaging/templates/types.ts';
import { runStorageSweep, storageReferencesOf, storageSweepQueue, storageSweepSchedule, type StorageReferences } from './storage-sweep.ts';

export type { StorageReferences } from './storage-sweep.ts';

/**
 * A module is what a domain (or a platform service) contributes to the server, in one value: the endpoints it
 * serves and their handlers, its job queues, its event subscriptions, its mail/SMS templates. The server
 * assembles the list (src/modules.ts); adding a domain is its folder plus one line there.
 */
export interface JobSpec<T extends object = Record<string, unknown>> {
  queue: string;
  /** `signal` aborts when the job's claim lapsed (another attempt owns it now): stop before any outside effect. */
  run(platform: Platform, data: T, job: { id: string; retryCount: number; signal?: AbortSignal }): Promise<void>;
  /** Attempts after the first (default 5, with exponential backoff). */
  retryLimit?: number;
  /** A periodic job: cron expression (UTC). */
  schedule?: string;
  /**
   * The longest a batch of this queue's jobs may stay claimed (pg-boss `expireInSeconds`, default 120 s): past it
   * the job is retried, as if its worker had died. Set it from the job's real duration times `batchSize`: a job
   * killed with its process is reclaimed at start (embedded) or by the heartbeat (PostgreSQL), not by this.
   */
  expireInSeconds?: number;
  /** Jobs fetched together (default 10: short jobs); 1 for long ones (PDF work), so one expiry covers one job. */
  batchSize?: number;
  /** Jobs of a batch run at once (default 1), for jobs that wait on the network: see QueueSettings (jobs/boss.ts). */
  concurrency?: number;
  /** A worker reserved to the queue's jobs of at least this priority: see QueueSettings (jobs/boss.ts). */
  priorityLane?: { minPriority: number; batchSize: number };
  /** Defined only when this returns true (e.g. VACUUM on the embedded database). */
  enabledOn?(platform: Platform): boolean;
}

export interface Module {
  name: string;
  /** The contracts' endpoint groups this module serves: every endpoint of them must get a handler in `routes`. */
  endpoints?: readonly Readonly<Record<string, EndpointSpec>>[];
  routes?(app: App, platform: Platform): void | Promise<void>;
  jobs?: readonly JobSpec<never>[];
  subscriptions?(platform: Platform): readonly Subscription[];
  /** In-transaction recorders of domain events (platform/events/bus.ts): facts that commit with their cause. */
  recorders?(platform: Platform): readonly Recorder[];
  templates?: TemplateCatalogues;
  /**
   * Its templates the platform sends about the tenant's own account (a failed payment of its subscription): always
   * from the platform's sender, never from the tenant's own address (docs/mail-senders.md).
   */
  platformMails?: readonly TemplateName[];
  /** The storage keys its rows reference (see StorageReferences): needed by any module that stores files. */
  storageReferences?: StorageReferences;
  /** Once the platform is assembled, before jobs start and routes are registered (e.g. create the trust services). */
  init?(platform: Platform): void | Promise<void>;
}

export const defineModule = <M extends Module>(module: M): M => module;
export const defineJob = <T extends object>(job: JobSpec<T>): JobSpec<never> => job as unknown as JobSpec<never>;
export const defineSubscription = <T extends DomainEventType>(subscription: Subscription<T>): Subscription => subscription as unknown as Subscription;
export const defineRecorder = <T extends DomainEventType>(recorder: Recorder<T>): Recorder => recorder as unknown as Recorder;

/** The permissions a module's endpoints require. */
export function permissionsOf(module: Module): Permission[] {
  const all = (module.endpoints ?? [])
    .flatMap((group) => Object.values(group))
    .flatMap((e) => ('permission' in e.auth && e.auth.permission ? [e.auth.permission] : []));
  return [...new Set(all)].sort();
}

/** Registers every module's templates, jobs and subscriptions on the platform (before the job system starts). */
export async function registerModules(platform: Platform, modules: readonly Module[]): Promise<void> {
  const names = new Set<string>();
  for (const module of modules) {
    if (names.has(module.name)) throw new Error(`Two modules are named ${module.name}`);
    names.add(module.name);
    if (module.templates) platform.messaging.templates.register(module.name, module.templates);
    if (module.platformMails) platform.messaging.senders.sendAsPlatform(module.platformMails);
    for (const job of module.jobs ?? []) {
      if (job.enabledOn && !job.enabledOn(platform)) continue;
      const spec = job as unknown as JobSpec<Record<string, unknown>>;
      platform.jobs.define(
        spec.queue,
        (data: Record<string, unknown>, raw) => spec.run(platform, data, { id: raw.id, retryCount: raw.retryCount, signal: raw.signal }),
        {
          retryLimit: spec.retryLimit,
          schedule: spec.schedule,
          expireInSeconds: spec.expireInSeconds,
          batchSize: spec.batchSize,
          concurrency: spec.concurrency,
          priorityLane: spec.priorityLane,
        },
      );
    }
    for (const recorder of module.recorders?.(platform) ?? []) platform.events.addRecorder(recorder);
    for (const subscription of module.subscriptions?.(platform) ?? []) {
      platform.events.subscribe(subscription);
      platform.jobs.define<{ eventId: string }>(eventQueueOf(subscription.name), ({ eventId }) => platform.events.deliver(subscription, eventId), {
        retryLimit: subscription.retryLimit ?? 10,
        expireInSeconds: subscription.expireInSeconds,
        batchSize: subscription.batchSize,
        concurrency: subscription.concurrency,
      });
    }
  }
  // The platform's storage sweep, once the modules said which files their rows reference.
  const references = storageReferencesOf(modules);
  if (references.length) {
    platform.jobs.define(storageSweepQueue, async () => void (await runStorageSweep(platform, references)), {
      schedule: storageSweepSchedule,
      retryLimit: 0,
      expireInSeconds: 900,
      batchSize: 1,
    });
  }
  for (const module of modules) await module.init?.(platform);
}
