import type { Logger } from '../logger.ts';
import type { MailMessage } from './transports.ts';

/**
 * Whose address a tenant's mails come from (docs/mail-senders.md). The platform knows no sender domain: the domain
 * that owns them registers a resolver at start (its module's `init`), and delivery asks it for each mail's tenant.
 * - `dkim` set (the tenant's domain is verified): From is the tenant's address, the mail is DKIM-signed for its
 *   domain, and the envelope sender stays the platform's, so bounces come back to the platform (and its Outbox);
 * - `dkim` null (declared, not verified, or verified no more): From is the platform's sender, `Reply-To` the tenant's.
 */
export interface TenantSender {
  address: string;
  name: string;
  dkim: { domainName: string; keySelector: string; privateKey: string } | null;
}
export type SenderResolver = (appId: string) => Promise<TenantSender | null>;

export interface SenderDirectory {
  /** The owning domain's resolver (one per platform). */
  use(resolver: SenderResolver): void;
  /** Templates the platform sends about the tenant's own account (its billing): always from the platform's sender. */
  sendAsPlatform(templates: readonly string[]): void;
  /** Drops what this process remembers of a tenant's sender (after it changed): its next mail asks again. */
  forget(appId: string): void;
  /** The sender of a tenant's mail (null: the platform's, with no Reply-To). */
  of(appId: string | null, template: string): Promise<TenantSender | null>;
}

/**
 * How long a tenant's sender is remembered by this process: a batch of thousands of mails asks once, and a change
 * made on another node (a removed DNS record found by the daily check, a removal) reaches this one within it.
 */
export const senderCacheMs = 60_000;
const maxRemembered = 10_000;

export function createSenderDirectory(logger: Logger): SenderDirectory {
  let resolver: SenderResolver | undefined;
  const platformTemplates = new Set<string>();
  // The answer being read or read recently, per tenant: concurrent deliveries of one tenant share one query.
  const remembered = new Map<string, { until: number; sender: Promise<TenantSender | null> }>();
  return {
    use(next) {
      resolver = next;
      remembered.clear();
    },
    sendAsPlatform(templates) {
      for (const template of templates) platformTemplates.add(template);
    },
    forget(appId) {
      remembered.delete(appId);
    },
    async of(appId, template) {
      if (!resolver || !appId || platformTemplates.has(template)) return null;
      const now = Date.now();
      const known = remembered.get(appId);
      if (known && known.until > now) return known.sender;
      if (remembered.size >= maxRemembered) remembered.delete(remembered.keys().next().value!);
      const sender = resolver(appId);
      remembered.set(appId, { until: now + senderCacheMs, sender });
      try {
        return await sender;
      } catch (error) {
        // The mail still goes, from the platform's sender; the next one asks again. Never log the answer: it holds a key.
        if (remembered.get(appId)?.sender === sender) remembered.delete(appId);
        logger.warn({ err: error, appId }, "the tenant's mail sender could not be read: this mail goes from the platform's sender");
        return null;
      }
    },
  };
}

/** The address of a sender written `Name <address>` or bare (MAIL_FROM). */
export function addressOf(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** From, Reply-To, DKIM and envelope of a mail, for its tenant's sender (none: the platform's alone). */
export function addressing(platformFrom: string, to: string, sender: TenantSender | null): Pick<MailMessage, 'from' | 'replyTo' | 'dkim' | 'envelope'> {
  if (!sender) return { from: platformFrom };
  const tenant = { name: sender.name, address: sender.address };
  if (!sender.dkim) return { from: platformFrom, replyTo: tenant };
  return { from: tenant, dkim: sender.dkim, envelope: { from: addressOf(platformFrom), to } };
}
