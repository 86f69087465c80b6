import { defaultThemeColor } from '@paraphe/contracts';
import type { TemplateName, TemplateParams, Catalogue } from './types.ts';
import { fr } from './fr.ts';
import { en } from './en.ts';

/** fr and en are complete; every other language falls back to en until the translation issue fills them. */
const catalogues: Record<string, Catalogue> = { fr, en };

export interface Branding {
  company: string;
  themeColor?: string;
}
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  sms: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function fill(template: string, params: Record<string, unknown>, escape: (s: string) => string): string {
  return template.replace(/\$\{(\w+)\}/g, (_, key: string) => {
    if (!(key in params)) throw new Error(`Template variable ${key} is missing`);
    return escape(String(params[key]));
  });
}

export function renderTemplate<K extends TemplateName>(
  name: K,
  language: string,
  params: TemplateParams[K],
  branding: Branding,
): RenderedMail {
  const text = (catalogues[language] ?? en)[name];
  const values = params as unknown as Record<string, unknown>;
  const plain = (s: string) => s;
  const subject = fill(text.subject, values, plain);
  const paragraphs = text.paragraphs.map((p) => fill(p, values, plain));
  if (text.action && !(text.action.linkParam in values)) throw new Error(`Template variable ${text.action.linkParam} is missing`);
  const link = text.action ? String(values[text.action.linkParam]) : undefined;
  const color = branding.themeColor ?? defaultThemeColor;
  const htmlParagraphs = text.paragraphs.map((p) => `<p style="margin:0 0 12px">${fill(p, values, escapeHtml)}</p>`).join('');
  const button =
    text.action && link
      ? `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:${color};color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(text.action.label)}</a></p><p style="font-size:12px;color:#666">${escapeHtml(link)}</p>`
      : '';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222;max-width:560px;margin:auto;padding:24px"><div style="border-top:4px solid ${color};padding-top:16px"><h2 style="margin:0 0 16px">${escapeHtml(branding.company)}</h2>${htmlParagraphs}${button}</div></body></html>`;
  const textBody = [...paragraphs, ...(text.action && link ? [`${text.action.label}: ${link}`] : [])].join('\n\n');
  const sms = text.sms ? fill(text.sms, values, plain) : textBody;
  return { subject, text: textBody, html, sms };
}
