import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import type { BatchMessage } from '../../platform/messaging/service.ts';
import { defineSubscription } from '../../platform/modules.ts';
import { signersOfRequests, type SignerView } from '../signatures/index.ts';
import { brandingOf, displayCompanyOf, getApplication } from '../tenants/index.ts';
import * as repo from './repository.ts';

/**
 * After completion (docs/connectors.md): when the tenant's survey is connected and on, each signer (co-signers
 * included; observers and validators gave no signature to give an opinion on) gets one mail with the form's link.
 * Typeform hidden fields travel after `#` (they stay out of server logs): the answers come back tagged with our
 * request, signer and language. A campaign's copy or an operation's order is a request like any other.
 */
export function surveyLink(formUrl: string, opts: { requestId: string; signerId: string; language: string }): string {
  const hidden = new URLSearchParams({ request_id: opts.requestId, signer_id: opts.signerId, lang: opts.language });
  return `${formUrl.split('#')[0]}#${hidden.toString()}`;
}

const surveyed = (s: SignerView) => s.role === 'signer' && s.status === 'signed';

export async function inviteSigners(tx: Tx, platform: Platform, event: { appId: string; data: { requestId: string; label: string } }) {
  const connection = await repo.findConnection(tx, event.appId);
  if (!connection?.enabled || !connection.formUrl) return;
  const signers = (await signersOfRequests(tx, event.appId, [event.data.requestId])).filter(surveyed);
  // The unique (request, signer) claims each pair once: a second delivery of the event finds them taken.
  const claimed = await repo.claimInvitations(
    tx,
    event.appId,
    event.data.requestId,
    signers.map((s) => s.id),
    platform.clock(),
  );
  if (!claimed.length) return;
  const application = await getApplication(tx, event.appId);
  const branding = brandingOf(application);
  const company = displayCompanyOf(application);
  const byId = new Map(signers.map((s) => [s.id, s]));
  const messages: BatchMessage[] = claimed.map(({ id, signerId }) => {
    const signer = byId.get(signerId)!;
    return {
      channel: 'email',
      appId: event.appId,
      to: signer.email,
      language: signer.language,
      branding,
      template: 'survey-invitation',
      params: {
        signerName: `${signer.firstname} ${signer.lastname}`,
        company,
        label: event.data.label,
        link: surveyLink(connection.formUrl!, { requestId: event.data.requestId, signerId, language: signer.language }),
      },
      about: `survey:${id}`,
      // Completions come by the thousand with a campaign: after any one-off mail.
      priority: 'bulk',
    };
  });
  await platform.messaging.queueBatch(tx, messages);
}

export const surveySubscriptions = (platform: Platform) => [
  defineSubscription({
    name: 'surveys.invite-signers',
    events: ['signature.completed'],
    batchSize: 50,
    async handle(event, tx) {
      await inviteSigners(tx as Tx, platform, event);
    },
  }),
];
