/**
 * ISO 20022 pain.008.001.02 (SEPA Core direct debit initiation), built as text: one PmtInf per sequence type
 * (FRST, RCUR) since a sequence type and a collection date are per PmtInf; GrpHdr and each PmtInf carry the exact
 * number of transactions and control sum (integer cents summed, then written with two decimals).
 */

export type SequenceType = 'FRST' | 'RCUR';

export interface DirectDebit {
  endToEndId: string;
  amountCents: number;
  mandateId: string;
  /** YYYY-MM-DD */
  mandateSignedOn: string;
  sequence: SequenceType;
  debtor: { name: string; iban: string; bic?: string | null };
  /** Unstructured remittance: the invoice numbers. */
  remittance: string;
}

export interface Pain008Input {
  messageId: string;
  createdAt: Date;
  creditor: { name: string; iban: string; bic?: string | null; creditorId: string };
  /** Requested collection date per sequence type (YYYY-MM-DD). */
  collectionDates: Record<SequenceType, string>;
  debits: readonly DirectDebit[];
}

/** The SEPA character set (EPC217-08 basic Latin): accents dropped, anything else a space; at most `max` characters. */
export function sepaText(text: string, max: number): string {
  const latin = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9/?:().,'+ -]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (latin || '-').slice(0, max).trim() || '-';
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
export const centsToDecimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export function controlSum(debits: readonly Pick<DirectDebit, 'amountCents'>[]): number {
  return debits.reduce((sum, d) => sum + d.amountCents, 0);
}

const agent = (bic?: string | null) =>
  bic ? `<FinInstnId><BIC>${escapeXml(bic)}</BIC></FinInstnId>` : '<FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId>';

function transaction(d: DirectDebit): string {
  if (!Number.isInteger(d.amountCents) || d.amountCents <= 0) throw new Error(`debit ${d.endToEndId}: the amount must be a positive number of cents`);
  return (
    '<DrctDbtTxInf>' +
    `<PmtId><EndToEndId>${escapeXml(sepaText(d.endToEndId, 35))}</EndToEndId></PmtId>` +
    `<InstdAmt Ccy="EUR">${centsToDecimal(d.amountCents)}</InstdAmt>` +
    `<DrctDbtTx><MndtRltdInf><MndtId>${escapeXml(d.mandateId)}</MndtId><DtOfSgntr>${d.mandateSignedOn}</DtOfSgntr></MndtRltdInf></DrctDbtTx>` +
    `<DbtrAgt>${agent(d.debtor.bic)}</DbtrAgt>` +
    `<Dbtr><Nm>${escapeXml(sepaText(d.debtor.name, 70))}</Nm></Dbtr>` +
    `<DbtrAcct><Id><IBAN>${escapeXml(d.debtor.iban)}</IBAN></Id></DbtrAcct>` +
    `<RmtInf><Ustrd>${escapeXml(sepaText(d.remittance, 140))}</Ustrd></RmtInf>` +
    '</DrctDbtTxInf>'
  );
}

export function buildPain008(input: Pain008Input): string {
  if (!input.debits.length) throw new Error('a batch needs at least one debit');
  const { creditor } = input;
  const groups = (['FRST', 'RCUR'] as const)
    .map((sequence) => ({ sequence, debits: input.debits.filter((d) => d.sequence === sequence) }))
    .filter((g) => g.debits.length);
  const paymentInfos = groups.map(
    (g) =>
      '<PmtInf>' +
      `<PmtInfId>${escapeXml(sepaText(`${input.messageId}-${g.sequence}`, 35))}</PmtInfId>` +
      '<PmtMtd>DD</PmtMtd>' +
      `<NbOfTxs>${g.debits.length}</NbOfTxs><CtrlSum>${centsToDecimal(controlSum(g.debits))}</CtrlSum>` +
      `<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl><LclInstrm><Cd>CORE</Cd></LclInstrm><SeqTp>${g.sequence}</SeqTp></PmtTpInf>` +
      `<ReqdColltnDt>${input.collectionDates[g.sequence]}</ReqdColltnDt>` +
      `<Cdtr><Nm>${escapeXml(sepaText(creditor.name, 70))}</Nm></Cdtr>` +
      `<CdtrAcct><Id><IBAN>${escapeXml(creditor.iban)}</IBAN></Id></CdtrAcct>` +
      `<CdtrAgt>${agent(creditor.bic)}</CdtrAgt>` +
      '<ChrgBr>SLEV</ChrgBr>' +
      `<CdtrSchmeId><Id><PrvtId><Othr><Id>${escapeXml(creditor.creditorId)}</Id><SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id></CdtrSchmeId>` +
      g.debits.map(transaction).join('') +
      '</PmtInf>',
  );
  const created = input.createdAt.toISOString().slice(0, 19);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    '<CstmrDrctDbtInitn>' +
    `<GrpHdr><MsgId>${escapeXml(sepaText(input.messageId, 35))}</MsgId><CreDtTm>${created}</CreDtTm>` +
    `<NbOfTxs>${input.debits.length}</NbOfTxs><CtrlSum>${centsToDecimal(controlSum(input.debits))}</CtrlSum>` +
    `<InitgPty><Nm>${escapeXml(sepaText(creditor.name, 70))}</Nm></InitgPty></GrpHdr>` +
    paymentInfos.join('') +
    '</CstmrDrctDbtInitn></Document>\n'
  );
}
