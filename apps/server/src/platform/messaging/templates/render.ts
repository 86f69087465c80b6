import { defaultThemeColor, languageTag } from '@paraphe/contracts';
import type { Catalogue, TemplateCatalogues, TemplateName, TemplateParams, TemplateText } from './types.ts';

export interface Branding {
  /** The name the mail is signed with (the tenant's issuing company when it has one). */
  company: string;
  themeColor?: string;
  /** The tenant's logo, a path of this server (its public, cacheable address): drawn above the company's name. */
  logoPath?: string;
  /**
   * The tenant's own wording by template name and language (settings → Parameters): replaces the subject, the
   * paragraphs and the SMS of the product's text where given. Written by the tenant, so escaped in HTML as a whole.
   */
  overrides?: Partial<Record<string, Partial<Record<string, TemplateOverride>>>>;
}
export interface TemplateOverride {
  subject?: string;
  paragraphs?: string[];
  sms?: string;
}
export interface RenderedMail {
  /** The language of the catalogue the text came from: the recipient's, or English when it has no such text. */
  language: string;
  subject: string;
  text: string;
  html: string;
  sms: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Letters of the right-to-left scripts (Hebrew, Arabic and its supplements, presentation forms). */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe]/u;
/**
 * A value written right to left (a signer's or company's name in Arabic or Hebrew) is isolated from the sentence
 * around it, so that the punctuation and words next to it keep their places: in HTML a `<span dir="auto">`, in
 * plain text, subjects and SMS the Unicode isolates FSI … PDI (U+2068 … U+2069). Other values are left as they are.
 */
const isolatedHtml = (s: string) => (RIGHT_TO_LEFT.test(s) ? `<span dir="auto">${escapeHtml(s)}</span>` : escapeHtml(s));
const isolatedText = (s: string) => (RIGHT_TO_LEFT.test(s) ? `\u2068${s}\u2069` : s);

function fill(template: string, params: Record<string, unknown>, escape: (s: string) => string): string {
  return template.replace(/\$\{(\w+)\}/g, (_, key: string) => {
    if (!(key in params)) throw new Error(`Template variable ${key} is missing`);
    return escape(String(params[key]));
  });
}

/**
 * One text with its parameters, in the tenant's branding: subject, plain text, HTML and SMS forms. `opts.language`
 * is the language the text is written in: the HTML says it (`<html lang>`, its BCP 47 tag), for screen readers and
 * the mail client's spell-check and translation offer.
 */
export function renderText(
  text: TemplateText,
  params: Record<string, unknown>,
  branding: Branding,
  opts: { language: string; publicUrl?: string; untrusted?: boolean },
): RenderedMail {
  const { language } = opts;
  const plain = (s: string) => s;
  const value = isolatedText;
  // A tenant's text is not markup: its own characters are escaped too, not only the values filled in. The values
  // are filled in one pass, so a value containing `${…}` is never read as a placeholder (no template injection).
  const literal = opts.untrusted ? escapeHtml : plain;
  const subject = fill(text.subject, params, value);
  const paragraphs = text.paragraphs.map((p) => fill(p, params, value));
  if (text.action && !(text.action.linkParam in params)) throw new Error(`Template variable ${text.action.linkParam} is missing`);
  const link = text.action ? String(params[text.action.linkParam]) : undefined;
  const color = branding.themeColor ?? defaultThemeColor;
  const htmlParagraphs = text.paragraphs.map((p) => `<p style="margin:0 0 12px">${fill(literal(p), params, isolatedHtml)}</p>`).join('');
  const logo = branding.logoPath
    ? `<img src="${escapeHtml(`${opts.publicUrl ?? ''}${branding.logoPath}`)}" alt="${escapeHtml(branding.company)}" style="display:block;max-height:64px;max-width:240px;margin:0 0 12px">`
    : '';
  const button =
    text.action && link
      ? `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:${color};color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(text.action.label)}</a></p><p style="font-size:12px;color:#666">${escapeHtml(link)}</p>`
      : '';
  const html = `<!doctype html><html lang="${escapeHtml(languageTag(language))}"><body style="font-family:Arial,sans-serif;color:#222;max-width:560px;margin:auto;padding:24px"><div style="border-top:4px solid ${color};padding-top:16px">${logo}<h2 style="margin:0 0 16px"${RIGHT_TO_LEFT.test(branding.company) ? ' dir="auto"' : ''}>${escapeHtml(branding.company)}</h2>${htmlParagraphs}${button}</div></body></html>`;
  const textBody = [...paragraphs, ...(text.action && link ? [`${text.action.label}: ${link}`] : [])].join('\n\n');
  const sms = text.sms ? fill(text.sms, params, value) : textBody;
  return { language, subject, text: textBody, html, sms };
}

/** Every module's templates, by language; English is the fallback of a language that lacks a text. */
export class TemplateRegistry {
  readonly #byLanguage = new Map<string, Map<string, TemplateText>>();
  readonly #owner = new Map<string, string>();
  /** The server's address, before the logo's path in mails. */
  readonly publicUrl: string;
  /** The tenant's own address, when it has a verified signing domain (given at start-up by the domain that owns them). */
  #tenantBaseUrl: ((appId: string) => string) | undefined;
  constructor(publicUrl = '') {
    this.publicUrl = publicUrl;
  }

  /** Where a tenant's logo is fetched from in its mails: its own domain once verified, else the server's address. */
  useTenantBaseUrl(resolve: (appId: string) => string): void {
    this.#tenantBaseUrl = resolve;
  }
  baseUrlOf(appId: string | null | undefined): string {
    return appId && this.#tenantBaseUrl ? this.#tenantBaseUrl(appId) : this.publicUrl;
  }

  register(moduleName: string, catalogues: TemplateCatalogues): void {
    for (const name of Object.keys(catalogues.en)) {
      const owner = this.#owner.get(name);
      if (owner) throw new Error(`Template ${name} is declared by both ${owner} and ${moduleName}`);
      this.#owner.set(name, moduleName);
    }
    for (const [language, catalogue] of Object.entries(catalogues)) {
      const texts = this.#byLanguage.get(language) ?? new Map<string, TemplateText>();
      for (const [name, text] of Object.entries(catalogue as Partial<Catalogue>)) if (text) texts.set(name, text);
      this.#byLanguage.set(language, texts);
    }
  }

  /** Names of every registered template, and the languages that have each. */
  get names(): string[] {
    return [...this.#owner.keys()];
  }
  textOf(name: string, language: string): TemplateText | undefined {
    return this.#byLanguage.get(language)?.get(name);
  }

  render<K extends TemplateName>(name: K, language: string, params: TemplateParams[K], branding: Branding, appId?: string | null): RenderedMail {
    const publicUrl = this.baseUrlOf(appId);
    const own = this.textOf(name, language);
    const text = own ?? this.textOf(name, 'en');
    if (!text) throw new Error(`No template named ${name}`);
    const override = branding.overrides?.[name]?.[language];
    // The tenant's own wording is in the recipient's language; the product's, in it or else in English.
    const written = own || override ? language : 'en';
    if (!override) return renderText(text, params as unknown as Record<string, unknown>, branding, { language: written, publicUrl });
    return renderText(withOverride(text, override), params as unknown as Record<string, unknown>, branding, {
      language: written,
      publicUrl,
      untrusted: true,
    });
  }
}

/** The product's text with a tenant's wording where it gives one (the action button and its link stay). */
export function withOverride(text: TemplateText, override: TemplateOverride): TemplateText {
  return {
    ...text,
    subject: override.subject || text.subject,
    paragraphs: override.paragraphs?.length ? override.paragraphs : text.paragraphs,
    sms: override.sms || text.sms,
  };
}
