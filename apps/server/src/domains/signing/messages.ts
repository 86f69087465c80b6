import { signingCodeRules, type SigningCodeChannel } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { brandingOf, displayCompanyOf } from '../tenants/index.ts';
import type { SigningAccess } from './access.ts';

/** The one-time code, by SMS or e-mail, in the signer's language and the tenant's branding. */
export async function sendSigningCode(tx: Tx, platform: Platform, access: SigningAccess, code: string, channel: SigningCodeChannel) {
  const { ctx, signer } = access;
  const base = {
    appId: access.appId,
    language: signer.language,
    branding: brandingOf(ctx.application),
    template: 'signing-code' as const,
    params: {
      signerName: `${signer.firstname} ${signer.lastname}`,
      company: displayCompanyOf(ctx.application),
      label: ctx.request.label,
      code,
      minutes: signingCodeRules.ttlSeconds / 60,
    },
    // The signer waits for it on the signing page: before any mass sending (messaging's priority lane).
    priority: 'urgent' as const,
  };
  if (channel === 'sms' && signer.phone) return platform.messaging.queueSms(tx, { ...base, to: signer.phone, sender: ctx.application.settings.smsSender });
  return platform.messaging.queueEmail(tx, { ...base, to: signer.email });
}
