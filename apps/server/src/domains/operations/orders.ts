import type { OrderStatus } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import { followRequests, type RowTransitions } from '../bulk/index.ts';
import { operationKind } from './dispatch.ts';

/**
 * The orders follow their requests (the bulk engine's subscription): each signature event of an order's request
 * (it carries `operationId`) moves the order forward only, and the operation's counters; the last final order
 * finishes the operation. A refusal fails the order, saying so.
 */
const waiting: OrderStatus[] = ['ready', 'pending'];
const orderTransitions: RowTransitions<OrderStatus> = {
  'signature.signer_viewed': { to: 'pending', from: ['ready'] },
  'signature.signer_signed': { to: 'pending', from: ['ready'] },
  'signature.signed': { to: 'completed', from: waiting },
  'signature.completed': { to: 'completed', from: waiting },
  'signature.refused': { to: 'failed', from: waiting, error: 'Refused by a signer.' },
  'signature.expired': { to: 'expired', from: waiting },
  'signature.canceled': { to: 'canceled', from: waiting },
  'signature.failed': { to: 'failed', from: waiting, error: 'The request failed.' },
};

export const operationSubscriptions = (platform: Platform) => [
  followRequests(platform, operationKind, { name: 'operations.orders', holderKey: 'operationId', transitions: orderTransitions, progress: 'pending' }),
];
