/**
 * Mail and SMS templates. Each domain declares its templates' parameters by augmenting `MailTemplates`
 * (declaration merging), and gives their texts in its module (`templates`); the messaging service renders them.
 *
 *   declare module '../../platform/messaging/templates/types.ts' {
 *     interface MailTemplates { 'second-factor-code': { firstName: string; code: string; minutes: number } }
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the domains (declaration merging)
export interface MailTemplates {}
export type TemplateName = keyof MailTemplates & string;
export type TemplateParams = MailTemplates;

export interface TemplateText {
  subject: string;
  /** Paragraphs; `${name}` placeholders are filled (and HTML-escaped in the HTML part). */
  paragraphs: string[];
  action?: { label: string; linkParam: string };
  sms?: string;
}

export type Catalogue<K extends string = string> = { [P in K]: TemplateText };
/**
 * A module's texts: French (the reference) and English complete; the other languages, each in the domain's
 * `templates.<lang>.ts`, optional: a text a language lacks (a template added since its translation) is sent in English.
 */
export type TemplateCatalogues<K extends string = string> = { fr: Catalogue<K>; en: Catalogue<K> } & { [language: string]: Partial<Catalogue<K>> | undefined };
