import { sepaReturnReasons, type SepaReturnReason } from '@paraphe/contracts';
import type { Actor, Platform } from '../../../platform/context.ts';
import { audit } from '../../../platform/audit.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { markFailed, markSucceeded } from '../transitions.ts';
import * as repo from '../repository.ts';
import { addBusinessDays } from './business-days.ts';
import { buildPain008, controlSum, type DirectDebit } from './pain008.ts';

/**
 * The product administrator's SEPA work (docs/payments.md): every pending debit goes into a pain.008.001.02 batch
 * (FRST for a mandate's first debit, then RCUR; collection at D+2 business days for FRST, D+1 for RCUR), the file
 * goes to the bank, then the batch is marked collected (its debits succeed) after the rejects were recorded.
 */

interface Options {
  platform: Platform;
  actor: Actor;
}

export async function sepaOverview(opts: Options) {
  return opts.platform.database.inSystem(async (tx) => ({ pending: await repo.pendingDebits(tx), batches: await repo.listBatches(tx) }));
}

export async function createBatch(opts: Options): Promise<repo.BatchRow> {
  const { platform, actor } = opts;
  const { sepaCreditor } = platform.config.payments;
  return platform.database.inSystem(async (tx) => {
    const debits = await repo.pendingDebits(tx);
    if (!debits.length) throw new AppError('CONFLICT', 'No SEPA debit is waiting for a batch.');
    const mandates = await repo.mandatesById(
      tx,
      debits.flatMap((d) => (d.mandateId ? [d.mandateId] : [])),
    );
    const now = platform.clock();
    const firstOfMandate = new Set<string>();
    const lines: (DirectDebit & { paymentId: string })[] = debits.map((d) => {
      const mandate = mandates.get(d.mandateId ?? '');
      if (!mandate) throw new Error(`SEPA debit ${d.id} has no mandate`);
      // FRST until a debit of the mandate was sent (two first debits in one batch: the second is RCUR after it).
      const sequence = !mandate.firstDebitAt && !firstOfMandate.has(mandate.id) ? 'FRST' : 'RCUR';
      if (sequence === 'FRST') firstOfMandate.add(mandate.id);
      return {
        paymentId: d.id,
        endToEndId: d.id.replace(/-/g, '').slice(0, 35),
        amountCents: d.amountCents,
        mandateId: mandate.rum,
        mandateSignedOn: mandate.signedAt.toISOString().slice(0, 10),
        sequence,
        debtor: { name: mandate.debtorName, iban: mandate.iban, bic: mandate.bic },
        remittance: d.invoices.map((i) => i.number).join(' '),
      };
    });
    const collectionDates = { FRST: addBusinessDays(now, 2), RCUR: addBusinessDays(now, 1) };
    const messageId = `PRF-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${now.getTime().toString(36).toUpperCase()}`;
    const xml = buildPain008({
      messageId,
      createdAt: now,
      creditor: { name: sepaCreditor.name, iban: sepaCreditor.iban, bic: sepaCreditor.bic, creditorId: sepaCreditor.id },
      collectionDates,
      debits: lines,
    });
    const batch = await repo.insertBatch(tx, {
      messageId,
      status: 'exported',
      numberOfTransactions: lines.length,
      controlSumCents: controlSum(lines),
      collectionDates,
      xml,
      createdBy: actor.realUserId,
    });
    for (const line of lines) {
      await repo.transition(tx, line.paymentId, ['pending'], { sepaBatchId: batch.id, sepaSequence: line.sequence });
    }
    for (const mandateId of firstOfMandate) await repo.markFirstDebit(tx, mandateId, now);
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'payment.sepa_batch_exported',
      targetType: 'sepa_batch',
      targetId: batch.id,
      data: { messageId, count: lines.length, controlSumCents: batch.controlSumCents },
      ip: actor.ip,
    });
    return batch;
  });
}

export async function batchXml(opts: Options & { batchId: string }) {
  const batch = await opts.platform.database.inSystem((tx) => repo.findBatch(tx, opts.batchId));
  if (!batch) throw notFound('Batch');
  return batch;
}

export async function markCollected(opts: Options & { batchId: string }): Promise<repo.BatchRow> {
  const { platform, actor, batchId } = opts;
  return platform.database.inSystem(async (tx) => {
    const batch = await repo.markBatchCollected(tx, batchId, platform.clock());
    if (!batch) {
      if (!(await repo.findBatch(tx, batchId))) throw notFound('Batch');
      throw new AppError('INVALID_TRANSITION', 'This batch is already marked collected.');
    }
    for (const debit of await repo.debitsOfBatch(tx, batchId)) {
      await markSucceeded(platform, tx, debit, { ledgerKind: 'sepa_collected', chargeId: `${batch.messageId}/${debit.id}`, actorUserId: actor.realUserId });
    }
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'payment.sepa_batch_collected',
      targetType: 'sepa_batch',
      targetId: batchId,
      ip: actor.ip,
    });
    return batch;
  });
}

/** A rejected debit (R-transaction): recorded before the batch is marked collected; the payment fails. */
export async function rejectDebit(opts: Options & { paymentId: string; reasonCode: SepaReturnReason }): Promise<repo.PaymentRow> {
  const { platform, actor, paymentId, reasonCode } = opts;
  return platform.database.inSystem(async (tx) => {
    const debit = await repo.findPaymentAnyTenant(tx, paymentId);
    if (!debit || debit.method !== 'sepa') throw notFound('Debit');
    const batch = debit.sepaBatchId ? await repo.findBatch(tx, debit.sepaBatchId) : undefined;
    if (!batch || batch.status !== 'exported' || debit.status !== 'pending')
      throw new AppError('INVALID_TRANSITION', 'Only a debit of an exported batch not yet marked collected can be rejected.');
    const reason = `${reasonCode} — ${sepaReturnReasons[reasonCode]}`;
    const failed = await markFailed(platform, tx, debit, {
      reason,
      actorUserId: actor.realUserId,
      ledger: { kind: 'sepa_rejected', reference: `${batch.messageId}/${reasonCode}` },
    });
    // A rejected first debit leaves the mandate unused: its next debit is FRST again.
    if (debit.sepaSequence === 'FRST' && debit.mandateId) await repo.markFirstDebit(tx, debit.mandateId, null);
    return failed!;
  });
}
