import type { OrderStatus, PersonLanguage, SignerRole } from '@paraphe/contracts';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { holderRetention, type PurgeStep } from '../bulk/index.ts';
import * as repo from './repository.ts';

/**
 * GDPR retention of what only an operation holds (docs/gdpr.md), on the bulk engine's purge — each order's request is
 * purged by the signatures domain: `documents`, the pool (each file shared by the orders naming it) and the archive,
 * past the tenant's documents retention; `signerData`, the orders' signers pseudonymised, past the signer-data one.
 */
export type OperationPurgeStep = PurgeStep;

const retention = holderRetention(repo.operationTables, repo.pseudonymiseOrders);
/** Up to `limit` of the tenant's operations over before `before` that still wait for `step`, oldest first; the purge of one. */
export const { pastRetention: operationsPastRetention, purge: purgeOperation } = retention;

/** A person's entry in an order (not the other signers), with its operation, as their access export (art. 15) shows it (a type: a sheet's row). */
export type PersonOrderView = {
  operationId: string;
  operationLabel: string;
  orderId: string;
  status: OrderStatus;
  requestId: string | null;
  sentAt: Date | null;
  documentName: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  language: PersonLanguage;
  role: SignerRole;
  step?: number | null;
};

/** The person's entries in every order of the tenant (access export). */
export async function ordersOfPerson(db: Executor, appId: string, email: string): Promise<PersonOrderView[]> {
  return repo.ordersOfPerson(db, appId, email);
}

/** The operations not sent yet that name the person: an erasure waits for them. */
export async function unsentOrdersOf(db: Executor, appId: string, email: string): Promise<{ id: string; label: string; status: string }[]> {
  return repo.unsentOrdersOf(db, appId, email);
}

/** Erasure (art. 17): the person pseudonymised in every order naming them, in the caller's transaction; how many times. */
export async function eraseOrderSignersOf(tx: Tx, appId: string, email: string): Promise<number> {
  return repo.eraseOrderSignersOf(tx, appId, email);
}
