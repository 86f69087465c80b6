export type TemplateName = 'confirm-account' | 'reset-password' | 'set-password' | 'second-factor-code';

export interface TemplateParams {
  'confirm-account': { firstName: string; company: string; link: string };
  'reset-password': { firstName: string; link: string };
  'set-password': { firstName: string; company: string; invitedBy: string; link: string };
  'second-factor-code': { firstName: string; code: string; minutes: number };
}

export interface TemplateText {
  subject: string;
  /** Paragraphs; `${name}` placeholders are filled (and HTML-escaped in the HTML part). */
  paragraphs: string[];
  action?: { label: string; linkParam: 'link' };
  sms?: string;
}

export type Catalogue = { [K in TemplateName]: TemplateText };
