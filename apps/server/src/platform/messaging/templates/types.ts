export type TemplateName =
  | 'confirm-account'
  | 'reset-password'
  | 'set-password'
  | 'second-factor-code'
  | 'signature-invitation'
  | 'signature-reminder'
  | 'signature-expired'
  | 'signature-canceled'
  | 'signing-code'
  | 'signed-documents'
  | 'signed-documents-link';

export interface TemplateParams {
  'confirm-account': { firstName: string; company: string; link: string };
  'reset-password': { firstName: string; link: string };
  'set-password': { firstName: string; company: string; invitedBy: string; link: string };
  'second-factor-code': { firstName: string; code: string; minutes: number };
  /** `message` is the requester's invitation message, or an empty string. `expiresOn` is a date (YYYY-MM-DD). */
  'signature-invitation': { signerName: string; requesterName: string; company: string; label: string; message: string; expiresOn: string; link: string };
  'signature-reminder': { signerName: string; requesterName: string; company: string; label: string; expiresOn: string; link: string };
  /** To the requester. */
  'signature-expired': { firstName: string; label: string };
  /** To a signer who had been invited. */
  'signature-canceled': { signerName: string; requesterName: string; company: string; label: string };
  /** The one-time code of the signing page. */
  'signing-code': { signerName: string; company: string; label: string; code: string; minutes: number };
  /** Signed documents at completion, attached (up to the size limit). */
  'signed-documents': { name: string; company: string; label: string };
  /** Signed documents at completion, too big to attach: a download link. */
  'signed-documents-link': { name: string; company: string; label: string; link: string };
}

export interface TemplateText {
  subject: string;
  /** Paragraphs; `${name}` placeholders are filled (and HTML-escaped in the HTML part). */
  paragraphs: string[];
  action?: { label: string; linkParam: 'link' };
  sms?: string;
}

export type Catalogue = { [K in TemplateName]: TemplateText };
