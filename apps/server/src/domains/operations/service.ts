import {
  defaultSignatureFields,
  isOperationActionAllowed,
  optionsFromDefaults,
  operationStatusTargets,
  signatureOptionsInputSchema,
  type FieldError,
  type OperationAction,
  type OperationData,
  type OperationStatus,
  type OrderData,
  type CertificationLevel,
  type PersonLanguage,
} from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Options } from '../bulk/index.ts';
import type { Tx } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { discardStored, storeFresh } from '../../platform/stored-files.ts';
import { signatureDefaultsOf } from '../settings/index.ts';
import { getApplication } from '../tenants/index.ts';
import { cancelRow, holderAccess, holderActions, holderSearch, queueDispatch } from '../bulk/index.ts';
import { assertBulkSendable, assertLevelAndOptions, bulkInvitationDelivery, type PreparedDocument } from '../signatures/index.ts';
import { operationKind } from './dispatch.ts';
import { applyOrderModel, orderModelMessage, type OrderModel } from './order-model.ts';
import { emitOperationEvent } from './facts.ts';
import { cursorNeedsKeyOrder, decodeRowCursor } from '../../platform/db/cursor.ts';
import * as repo from './repository.ts';

export type { Options } from '../bulk/index.ts';

/** Who sees an operation (GERANT and COMPTABLE: the tenant's; the others their own and their descendants') and may act on it. */
const access = holderAccess<repo.OperationRow, OperationStatus, OperationAction>({
  targetType: 'operation',
  find: repo.findOperation,
  allowed: isOperationActionAllowed,
  // What needs the operation's files: refused with 410 DOCUMENT_PURGED once the retention purge deleted them.
  needingFiles: ['retry', 'archive', 'relaunch'],
});
export const { scopeOf, findVisible, assertAction: assertOperationAction } = access;

/** Orders are sent by the machine: chaining by e-mail (direct and face to face need the requester present). */
const operationOptions = (options: OperationData['optionsRequest']) => ({ ...options, chainingMode: 'email' as const, coSignersSignFirst: false });

/** Drafts never saved (GET ids) are swept after this long. */
const unsavedDraftTtlMs = 24 * 3600_000;

/**
 * GET ids: a new draft and its id. Ids are asked freely (each "new" screen), so the tenant's drafts never saved and
 * older than a day are swept in the same transaction: a crowd of ids leaves no junk.
 */
export async function newDraft(opts: Options): Promise<string> {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const now = platform.clock();
    await repo.deleteUnsavedDrafts(tx, actor.appId, new Date(now.getTime() - unsavedDraftTtlMs));
    // The draft starts from the user's defaults, else the tenant's Parameters, else the product's (settings), like a single request's form.
    const { defaults, signersLanguage } = await signatureDefaultsOf(tx, actor);
    return repo.insertOperation(tx, {
      appId: actor.appId,
      ownerUserId: actor.userId,
      options: operationOptions(signatureOptionsInputSchema.parse(optionsFromDefaults(defaults, signersLanguage))),
      createdAt: now,
    });
  });
}

/**
 * A signer or validator placed nowhere gets the default place a single request's form gives (last page, side by
 * side): without a field nobody's signature would land on the document, and the request could never complete.
 */
export function withDefaultFields(order: repo.NewOrder): repo.NewOrder {
  const placed = new Set(order.fields.map((f) => f.signerIndex));
  const defaults = defaultSignatureFields(order.signers.length, false).filter(
    (f) => !placed.has(f.signerIndex) && order.signers[f.signerIndex]?.role !== 'observer',
  );
  return defaults.length
    ? { ...order, fields: [...order.fields, ...defaults.map(({ page, x, y, width, height, signerIndex }) => ({ page, x, y, width, height, signerIndex }))] }
    : order;
}

/**
 * Typed orders as stored: each through the operation's template when it was made from one (order-model.ts), the
 * signers placed nowhere given the default place. An order that does not fit is a field error naming it
 * (`transactionOrders.3.transactionSigners`; `field` null: the body is the order); without a template each order names its document.
 */
export function ordersOf(orders: readonly OrderData[], optionsLanguage: string, model: OrderModel | null, field: string | null): repo.NewOrder[] {
  // The operation's language option is an interface language, and each is a person's language too.
  const language = optionsLanguage as PersonLanguage;
  const problems: FieldError[] = [];
  const made = orders.map((o, i) => {
    const given: repo.NewOrder = {
      documentName: o.document,
      signers: o.transactionSigners.map((s) => ({
        firstname: s.firstname,
        lastname: s.lastname,
        email: s.emailAddress,
        phone: s.phoneNum ?? null,
        language: s.language ?? language,
        role: s.role,
        step: s.step ?? null,
      })),
      fields: o.signatureFields.map((f) => ({ page: f.page, x: f.x, y: f.y, width: f.width, height: f.height, signerIndex: f.signerIndex })),
    };
    const applied = applyOrderModel(given, model, language);
    if ('problem' in applied) {
      problems.push({ field: `${field ? `${field}.${i}.` : ''}transactionSigners`, rule: 'invalid_value', message: orderModelMessage(applied.problem) });
      return given;
    }
    if (!applied.order.documentName)
      problems.push({ field: `${field ? `${field}.${i}.` : ''}document`, rule: 'required', message: "Name the order's document: a file of the pool." });
    return withDefaultFields(applied.order);
  });
  if (problems.length) throw new AppError('VALIDATION_FAILED', problems[0]!.message, { fields: problems.slice(0, 100) });
  return made;
}

/**
 * POST/PUT: saves a draft. The parts given replace what it has (orders replace the orders); files join the pool (a
 * file of the same name replaces it); `transactionDocument` titles the pool's files. A draft may be incomplete;
 * `transactionRequest.send` or `status: pending` then sends it (the save rules checked).
 */
export async function saveOperation(opts: Options & { id: string; data: OperationData; given: ReadonlySet<string>; documents: PreparedDocument[] }) {
  const { platform, actor } = opts;
  const keys = await storeFresh(platform, actor.appId, 'operation', opts.documents);
  try {
    await platform.database.inTenant(actor.appId, async (tx) => {
      const row = await findVisible(tx, actor, opts.id, { lock: true });
      await saveInTx(tx, platform, actor, row, { ...opts, keys });
    });
  } catch (error) {
    await discardStored(platform, keys);
    throw error;
  }
}

/**
 * The public API's create (apikeys domain, POST /api/v1/operations): a draft made from the actor's defaults and
 * saved in one transaction (no unsaved draft is left by a refused save), `operation.created` emitted in it.
 */
export async function createOperation(
  opts: Options & {
    data: OperationData;
    given: ReadonlySet<string>;
    documents: PreparedDocument[];
    /** Made from a template (from-template.ts): what its orders start from, and its provenance written in the same transaction. */
    fromTemplate?: { model: OrderModel; within: (tx: Tx, operationId: string) => Promise<void> };
  },
): Promise<string> {
  const { platform, actor } = opts;
  const keys = await storeFresh(platform, actor.appId, 'operation', opts.documents);
  try {
    return await platform.database.inTenant(actor.appId, async (tx) => {
      const { defaults, signersLanguage } = await signatureDefaultsOf(tx, actor);
      const options = operationOptions(signatureOptionsInputSchema.parse(optionsFromDefaults(defaults, signersLanguage)));
      const created = await repo.insertOperation(tx, {
        appId: actor.appId,
        ownerUserId: actor.userId,
        options,
        orderModel: opts.fromTemplate?.model ?? null,
        createdAt: platform.clock(),
      });
      await opts.fromTemplate?.within(tx, created);
      const draft = await findVisible(tx, actor, created, { lock: true });
      const send = (opts.given.has('transactionRequest') && opts.data.transactionRequest.send) || opts.data.status === 'pending';
      await saveInTx(tx, platform, actor, draft, {
        ...opts,
        data: { ...opts.data, status: undefined, transactionRequest: { ...opts.data.transactionRequest, send: false } },
        keys,
      });
      const saved = await findVisible(tx, actor, draft.id);
      await emitOperationEvent(tx, platform, saved, 'operation.created', { orderCount: saved.orderCount }, actor.realUserId);
      if (send) await sendInTx(tx, platform, actor, draft.id);
      return draft.id;
    });
  } catch (error) {
    await discardStored(platform, keys);
    throw error;
  }
}

async function saveInTx(
  tx: Tx,
  platform: Platform,
  actor: Actor,
  row: repo.OperationRow,
  opts: { data: OperationData; given: ReadonlySet<string>; documents: PreparedDocument[]; keys: string[] },
) {
  const { data, given, keys } = opts;
  assertOperationAction(row, 'update');
  const level = given.has('level') ? data.level : row.level;
  const options = given.has('optionsRequest') ? operationOptions(data.optionsRequest) : row.options;
  assertLevelAndOptions(await getApplication(tx, actor.appId), level, options);
  await repo.updateOperation(tx, actor.appId, row.id, {
    ...(given.has('label') ? { label: data.label } : {}),
    ...(given.has('description') ? { description: data.description } : {}),
    level,
    options,
    savedAt: row.savedAt ?? platform.clock(),
  });
  for (const [i, doc] of opts.documents.entries()) {
    await repo.putDocument(tx, {
      appId: actor.appId,
      operationId: row.id,
      fileName: doc.fileName,
      title: doc.title,
      storageKey: keys[i]!,
      sha256: doc.sha256,
      pageCount: doc.pageCount,
      sizeBytes: doc.data.length,
    });
  }
  for (const entry of data.transactionDocument) {
    if (entry.title) await repo.titleDocument(tx, row.id, entry.fileName, entry.title);
  }
  if (given.has('transactionOrders')) {
    await repo.deleteOrders(tx, actor.appId, row.id);
    const n = await repo.appendOrders(tx, actor.appId, row.id, ordersOf(data.transactionOrders, options.language, row.orderModel, 'transactionOrders'));
    await repo.updateOperation(tx, actor.appId, row.id, { orderCount: n, nDraft: n });
  }
  if (data.appendOrders.length) {
    const n = await repo.appendOrders(tx, actor.appId, row.id, ordersOf(data.appendOrders, options.language, row.orderModel, 'appendOrders'));
    await repo.addOrderCount(tx, actor.appId, row.id, n);
  }
  await access.record(tx, actor, 'operation.saved', row.id);
  if ((given.has('transactionRequest') && data.transactionRequest.send) || data.status === 'pending') await sendInTx(tx, platform, actor, row.id);
}

/** Spec §5, checked on send: a title, a document, an order, and every file an order names is in the pool (named). */
export async function readinessProblems(tx: Tx, row: repo.OperationRow): Promise<FieldError[]> {
  const problems: FieldError[] = [];
  const add = (field: string, message: string, params?: Record<string, string>) =>
    problems.push({ field, rule: 'required', message, ...(params ? { params } : {}) });
  if (!row.label.trim()) add('label', 'Give the operation a title.');
  const documents = await repo.documentsOf(tx, row.appId, row.id);
  if (!documents.length) add('transactionDocument', 'Add at least one document.');
  if (row.orderCount === 0) add('transactionOrders', 'Add at least one signature (order).');
  const missing = await repo.missingDocuments(tx, row.appId, row.id);
  if (missing.length)
    add('transactionOrders.document', `These files are named by orders but missing from the documents: ${missing.join(', ')}.`, {
      missing: missing.join(', '),
    });
  return problems;
}

async function sendInTx(tx: Tx, platform: Platform, actor: Actor, id: string) {
  const row = await findVisible(tx, actor, id, { lock: true });
  assertOperationAction(row, 'send');
  const problems = await readinessProblems(tx, row);
  if (problems.length)
    throw new AppError('VALIDATION_FAILED', `The operation cannot be sent yet: ${problems.map((p) => p.message).join(' ')}`, { fields: problems });
  const now = platform.clock();
  await assertBulkSendable(tx, await getApplication(tx, actor.appId), row.level as CertificationLevel, row.options, now);
  await queueDispatch(tx, platform, operationKind, row, now);
  await access.record(tx, actor, 'operation.sent', row.id, { orders: row.orderCount });
  await emitOperationEvent(tx, platform, row, 'operation.sent', { orderCount: row.orderCount }, actor.realUserId);
}

/** PATCH status: the target the state machine allows from the current status (docs/operations.md), else 409. */
export async function setStatus(opts: Options & { id: string; status: OperationStatus }) {
  const { platform, actor, status } = opts;
  const row = await platform.database.inTenant(actor.appId, (tx) => findVisible(tx, actor, opts.id));
  if (!operationStatusTargets[row.status].includes(status))
    throw new AppError('INVALID_TRANSITION', `Cannot move an operation that is ${row.status} to ${status}`);
  if (status === 'canceled') return cancelOperation(opts);
  if (row.status === 'failed') return void (await retryFailed(opts));
  await platform.database.inTenant(actor.appId, (tx) => sendInTx(tx, platform, actor, row.id));
}

const actions = holderActions({
  kind: operationKind,
  access,
  rowsNoun: 'orders',
  waitingOf: (row) => row.nReady + row.nPending,
  // Canceled at once with its draft and queued orders; the requests already sent are cancelled by the cancel job.
  requestsMade: (row) => row.dispatched > 0,
  nothing: { retry: 'No failed order to send again.', relaunch: 'Cannot relaunch: no order is awaiting signatures.' },
  canceled: (tx, platform, row, by) => emitOperationEvent(tx, platform, row, 'operation.canceled', {}, by),
});
/** Cancel and retry (through PATCH status), relaunch, the archive. */
const { cancel: cancelOperation, retry: retryFailed } = actions;
export const { relaunch: relaunchOperation, requestArchive } = actions;

/** A draft or a finished operation is deleted with its orders and pool; the requests made stay with their evidence. */
export async function deleteOperation(opts: Options & { id: string }) {
  const { platform, actor } = opts;
  await access.act(opts, 'delete', async (tx, row) => {
    await repo.deleteOperation(tx, actor.appId, row.id);
    await access.record(tx, actor, 'operation.deleted', row.id, { label: row.label });
    await emitOperationEvent(tx, platform, row, 'operation.deleted', {}, actor.realUserId);
  });
  // The pool's files go with the storage sweep once no row (a request made from them included) references them.
}

/** PATCH an order: a draft order's new content; `{status: canceled}` cancels a queued one or a sent one's request. */
export async function patchOrder(opts: Options & { id: string; orderId: string; input: OrderData | { status: 'canceled' } }): Promise<repo.OrderRow> {
  const { platform, actor, input } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const row = await findVisible(tx, actor, opts.id, { lock: true });
    const order = await repo.findOrder(tx, actor.appId, row.id, opts.orderId, { lock: true });
    if (!order) throw notFound('Order');
    if ('status' in input) {
      assertOperationAction(row, 'cancelOrder');
      // A sent order follows its request's `signature.canceled` event.
      if (!(await cancelRow(tx, platform, operationKind, row, order, actor.realUserId)))
        throw new AppError('INVALID_TRANSITION', `Cannot cancel an order that is ${order.status}`);
    } else {
      assertOperationAction(row, 'editOrder');
      const [changed] = ordersOf([input], row.options.language, row.orderModel, null);
      await repo.updateOrder(tx, order.id, changed!);
    }
    await access.record(tx, actor, 'operation.order_changed', row.id, { orderId: order.id });
    return (await repo.findOrder(tx, actor.appId, row.id, order.id))!;
  });
}

export async function deleteOrder(opts: Options & { id: string; orderId: string }) {
  const { actor } = opts;
  await access.act(opts, 'deleteOrder', async (tx, row) => {
    const order = await repo.findOrder(tx, actor.appId, row.id, opts.orderId, { lock: true });
    if (!order) throw notFound('Order');
    await repo.deleteDraftOrder(tx, actor.appId, row.id, order.id);
  });
}

export async function deleteDocument(opts: Options & { id: string; documentId: string }) {
  const { actor } = opts;
  await access.act(opts, 'deleteDocument', async (tx, row) => {
    if (!(await repo.deleteDocument(tx, actor.appId, row.id, opts.documentId))) throw notFound('Document');
  });
}

export async function listOperations(opts: Options & { filter: repo.OperationListFilter }) {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => repo.listOperations(tx, await scopeOf(tx, actor), opts.filter));
}

export const searchOperations = holderSearch(listOperations);

export async function getOperation(opts: Options & { id: string }) {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const row = await findVisible(tx, actor, opts.id);
    const documents = await repo.documentsOf(tx, actor.appId, row.id);
    const usage = await repo.ordersPerDocument(tx, actor.appId, row.id);
    // The invitations' delivery: one counter row kept with each message's state (never a count of the outbox).
    return { row, documents, usage, invitations: await bulkInvitationDelivery(tx, platform, 'operation', row.id) };
  });
}

/** `filter.cursor`: the back office's cursor past the numbered pages (a tampered one is a 400), in the row order only. */
export async function listOrders(opts: Options & { id: string; filter: repo.OrderFilter & { cursor?: string } }) {
  const { platform, actor } = opts;
  const { cursor, ...given } = opts.filter;
  if (cursor && (given.orderBy ?? 'rowIndex') !== 'rowIndex') throw cursorNeedsKeyOrder('rowIndex');
  const after = decodeRowCursor(cursor) ?? given.after;
  const filter = after ? { ...given, after, offset: 0 } : given;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const row = await findVisible(tx, actor, opts.id);
    const { rows, total, capped, nextCursor } = await repo.listOrders(tx, actor.appId, row.id, filter);
    return { rows, total: total ?? (filter.status ? repo.countsOf(row)[filter.status] : row.orderCount), capped, nextCursor };
  });
}
