import type { SignatoryStatus } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import { followRequests, type RowTransitions } from '../bulk/index.ts';
import { campaignKind } from './dispatch.ts';

/**
 * The signatories follow their copies (the bulk engine's subscription): each signature event of a campaign copy
 * moves its signatory forward only, and the campaign's counters; the last final one completes the campaign.
 */
const waiting: SignatoryStatus[] = ['sent', 'opened'];
const copyTransitions: RowTransitions<SignatoryStatus> = {
  'signature.signer_viewed': { to: 'opened', from: ['sent'] },
  'signature.signed': { to: 'signed', from: waiting },
  'signature.completed': { to: 'signed', from: waiting },
  'signature.signer_refused': { to: 'refused', from: waiting },
  'signature.refused': { to: 'refused', from: waiting },
  'signature.expired': { to: 'expired', from: waiting },
  'signature.canceled': { to: 'canceled', from: waiting },
  'signature.failed': { to: 'failed', from: waiting },
};

export const campaignSubscriptions = (platform: Platform) => [
  followRequests(platform, campaignKind, { name: 'campaigns.copies', holderKey: 'campaignId', transitions: copyTransitions, progress: 'opened' }),
];
