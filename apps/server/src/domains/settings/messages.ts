import { randomUUID } from 'node:crypto';
import {
  messageTemplateKinds,
  smsMaxLength,
  smsTemplateKinds,
  templatePreviewInputSchema,
  templateTestInputSchema,
  type Locale,
  type MessageTemplateKind,
  type TenantTemplate,
  type TenantTemplates,
} from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { renderText, withOverride } from '../../platform/messaging/templates/render.ts';
import type { TemplateName, TemplateParams } from '../../platform/messaging/templates/types.ts';
import { brandingOf, displayCompanyOf, templateOverridesOf, templatesOfKind, type ApplicationView } from '../tenants/index.ts';
import { findUserById } from '../users/index.ts';
import { publicBaseUrl } from '../custom-domains/index.ts';
import { inSettings, type Options } from './access.ts';

/**
 * The tenant's wording of its mails (settings → Parameters, docs/settings.md "Templates"): checks, preview with
 * sample data, and the "send me a test" through the outbox.
 */

/** Keeps only the languages where the tenant wrote something. */
export function normalizeTemplates(templates: TenantTemplates): TenantTemplates {
  const kept: TenantTemplates = {};
  for (const kind of messageTemplateKinds) {
    const entries = Object.entries(templates[kind] ?? {}).filter(([, t]) => t && (t.subject || t.body || t.sms));
    if (entries.length) kept[kind] = Object.fromEntries(entries);
  }
  return kept;
}

/**
 * The longest signing link of the tenant: its signing address (its verified domain, else the server's — a long
 * domain makes every SMS longer), `/#/sign/`, then a token of two ids and an expiry with its 32-byte signature (the
 * form signatures/links.ts gives every link).
 */
export function worstCaseLink(platform: Platform, appId: string): string {
  const payload = Buffer.from(JSON.stringify({ r: randomUUID(), s: randomUUID(), e: 9_999_999_999 })).toString('base64url');
  return `${publicBaseUrl(platform, appId)}/#/sign/${payload}.${Buffer.alloc(32).toString('base64url')}`;
}

const sampleLabels: Partial<Record<Locale, string>> = { fr: 'Contrat de prestation 2026', en: 'Service agreement 2026' };

/** Values every placeholder takes in a preview or a test (the signer is the caller). */
function sampleParams(platform: Platform, application: ApplicationView, language: Locale, person: { name: string }): Record<string, string> {
  const expires = new Date(platform.clock().getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
  return {
    signerName: person.name,
    name: person.name,
    requesterName: person.name,
    company: displayCompanyOf(application),
    label: sampleLabels[language] ?? sampleLabels.en!,
    message: '',
    expiresOn: expires,
    signerCount: '2',
    link: worstCaseLink(platform, application.id),
  };
}

/** The product's text of a kind in a language (English when that language has none), with the tenant's wording. */
function textOf(platform: Platform, kind: MessageTemplateKind, language: Locale, template?: TenantTemplate) {
  const name = templatesOfKind[kind][0]!;
  const text = platform.messaging.templates.textOf(name, language) ?? platform.messaging.templates.textOf(name, 'en');
  if (!text) throw new Error(`No template named ${name}`);
  const override = template ? templateOverridesOf({ [kind]: { [language]: template } })?.[name]?.[language] : undefined;
  return { name, text: override ? withOverride(text, override) : text, untrusted: !!override };
}

/** Spec §3 SMS wildcard (docs/settings.md): filled with the longest link, an SMS stays within 320 characters. */
export function checkSmsLengths(platform: Platform, application: ApplicationView, templates: TenantTemplates) {
  const fields = [];
  for (const kind of smsTemplateKinds) {
    for (const [language, template] of Object.entries(templates[kind] ?? {})) {
      if (!template?.sms) continue;
      const length = fillSample(platform, application, template.sms, language as Locale).length;
      if (length > smsMaxLength)
        fields.push({
          field: `templates.${kind}.${language}.sms`,
          rule: 'too_long',
          message: `Once filled with a link of this server, the SMS has ${length} characters (${smsMaxLength} at most).`,
          params: { max: smsMaxLength },
        });
    }
  }
  if (fields.length) throw new AppError('VALIDATION_FAILED', fields.map((f) => f.message).join(' '), { fields });
}

function fillSample(platform: Platform, application: ApplicationView, text: string, language: Locale) {
  const params = sampleParams(platform, application, language, { name: 'Marie-Christine Dupont-Lefebvre' });
  return text.replace(/\$\{(\w+)\}/g, (_, key: string) => params[key] ?? '');
}

/** Spec: a live preview, rendered by the server exactly as a signer would receive it. */
export function previewTemplate(opts: Options & { input: ReturnType<typeof templatePreviewInputSchema.parse> }) {
  const { platform, input } = opts;
  return inSettings(opts, async (tx, application) => {
    const me = await findUserById(tx, opts.actor.userId);
    const { text, untrusted } = textOf(platform, input.kind, input.language, input.template);
    const params = sampleParams(platform, application, input.language, { name: me ? `${me.firstName} ${me.lastName}` : 'Marie Dupont' });
    const rendered = renderText(
      text,
      params,
      { ...brandingOf(application), overrides: undefined },
      { language: input.language, publicUrl: publicBaseUrl(platform, application.id), untrusted },
    );
    const sms = smsTemplateKinds.includes(input.kind) ? rendered.sms : null;
    return { subject: rendered.subject, html: rendered.html, text: rendered.text, sms, smsLength: sms === null ? null : sms.length };
  });
}

/** "Send me a test": the saved wording with sample data, to the caller, through the outbox (their language by default). */
export function sendTestTemplate(opts: Options & { input: ReturnType<typeof templateTestInputSchema.parse> }) {
  const { platform, input } = opts;
  return inSettings(opts, async (tx, application) => {
    const me = await findUserById(tx, opts.actor.userId);
    if (!me) throw new AppError('NOT_FOUND', 'User not found.');
    const language = input.language ?? (me.language as Locale);
    const name = templatesOfKind[input.kind][0]! as TemplateName;
    const params = sampleParams(platform, application, language, { name: `${me.firstName} ${me.lastName}` }) as unknown as TemplateParams[TemplateName];
    const message = { appId: application.id, language, branding: brandingOf(application), template: name, params, about: `settings-test:${me.id}` };
    if (input.channel === 'sms') {
      if (!smsTemplateKinds.includes(input.kind))
        throw new AppError('VALIDATION_FAILED', 'This mail is never sent by SMS.', {
          fields: [{ field: 'channel', rule: 'invalid_value', message: 'This mail is never sent by SMS.' }],
        });
      if (!me.mobile) throw new AppError('MOBILE_REQUIRED');
      return { messageId: await platform.messaging.queueSms(tx, { ...message, to: me.mobile, sender: application.settings.smsSender }), to: me.mobile };
    }
    return { messageId: await platform.messaging.queueEmail(tx, { ...message, to: me.email }), to: me.email };
  });
}
