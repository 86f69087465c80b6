import type { DkimState, DmarcState, MailSender, SpfState } from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import { DnsLookupError, dnsRecordsFor } from '../../platform/net/dns-records.ts';
import { dkimNameOf, dkimStateOf, dmarcNameOf, dmarcStateOf, spfStateOf } from './records.ts';
import * as repo from './repository.ts';
import { notFound } from '../../platform/errors.ts';
import { auditSender, getSender, viewOf, type Options } from './service.ts';

/**
 * What the DNS says of a sender's three records. DKIM decides: its record holding our key verifies the domain (a
 * mail signed with it passes DKIM, aligned with the From domain, which is what DMARC asks). SPF and DMARC are read
 * and shown, never required (docs/mail-senders.md, "What verifies a domain").
 */
type Found = { error: string } | { dkimState: DkimState; spfState: SpfState | null; dmarcState: DmarcState | null; partial: string | null };

async function lookUp(platform: Platform, row: repo.SenderRow): Promise<Found> {
  const dns = dnsRecordsFor(platform.config);
  const [dkim, spf, dmarc] = await Promise.allSettled([dns.txt(dkimNameOf(row.selector, row.domain)), dns.txt(row.domain), dns.txt(dmarcNameOf(row.domain))]);
  const failure = [dkim, spf, dmarc].find((r) => r.status === 'rejected');
  if (dkim.status === 'rejected') return { error: reasonOf(dkim.reason) };
  const value = <T>(r: PromiseSettledResult<string[]>, state: (records: string[]) => T) => (r.status === 'fulfilled' ? state(r.value) : null);
  return {
    dkimState: dkimStateOf(dkim.value, row.publicKey),
    spfState: value(spf, (records) => spfStateOf(records, platform.config.mailSpfInclude)),
    dmarcState: value(dmarc, dmarcStateOf),
    // SPF or DMARC unanswered: their state stays unknown, the DKIM verdict stands.
    partial: failure ? reasonOf(failure.reason) : null,
  };
}

function reasonOf(error: unknown): string {
  if (error instanceof DnsLookupError) return error.code === 'timeout' ? `The DNS did not answer: ${error.message}` : error.message;
  return 'The DNS could not be read.';
}

/**
 * Checks the tenant's sender now (a user's "Check now", or the daily check: actor null). DKIM ok: verified;
 * another key: failed (mismatch); no record: pending while never verified, failed once it was (a record removed
 * later). A DNS that does not answer changes no state: a verified domain keeps sending through an outage of its DNS.
 * Status changes are audited in the transaction that records them; this process forgets the sender it remembered.
 */
export async function runCheck(platform: Platform, appId: string, actor: Actor | null): Promise<void> {
  const row = await platform.database.inTenant(appId, (tx) => repo.findSender(tx, appId));
  if (!row) return;
  const found = await lookUp(platform, row);
  const now = platform.clock();
  await platform.database.inTenant(appId, async (tx) => {
    if ('error' in found) {
      const { status, dkimState, spfState, dmarcState, verifiedAt } = row;
      await repo.recordCheck(tx, appId, row.publicKey, {
        status,
        dkimState,
        spfState,
        dmarcState,
        verifiedAt,
        lastCheckedAt: now,
        lastError: found.error,
        updatedAt: now,
      });
      return;
    }
    const dkimName = dkimNameOf(row.selector, row.domain);
    const status = found.dkimState === 'ok' ? 'verified' : found.dkimState === 'mismatch' || row.status !== 'pending' ? 'failed' : 'pending';
    const lastError =
      found.dkimState === 'ok'
        ? found.partial
        : found.dkimState === 'mismatch'
          ? `The DKIM record at ${dkimName} holds another key than this sender's (mismatch): publish the value shown.`
          : `No DKIM record at ${dkimName}.`;
    const recorded = await repo.recordCheck(tx, appId, row.publicKey, {
      status,
      dkimState: found.dkimState,
      spfState: found.spfState ?? row.spfState,
      dmarcState: found.dmarcState ?? row.dmarcState,
      lastCheckedAt: now,
      lastError,
      verifiedAt: status === 'verified' ? (row.status === 'verified' ? row.verifiedAt : now) : row.verifiedAt,
      updatedAt: now,
    });
    if (recorded && status !== row.status && status !== 'pending')
      await auditSender(tx, actor, appId, `mail_sender.${status}`, { domain: row.domain, selector: row.selector, dkim: found.dkimState, previous: row.status });
  });
  platform.messaging.senders.forget(appId);
}

/** "Check now": the view after the check. */
export async function checkSender(opts: Options): Promise<MailSender | null> {
  const current = await getSender(opts);
  if (!current) throw notFound('Mail sender');
  await runCheck(opts.platform, opts.appId, opts.actor);
  return opts.platform.database.inTenant(opts.appId, (tx) => viewOf(opts.platform, tx, opts.appId));
}
