import type { PdfTexts } from '../../platform/pdf-texts.ts';

/**
 * The note written on a HubSpot contact's timeline when a request ends (writeback.ts), in the tenant's default
 * language (settings → General): the tenant's team reads it in their CRM. `{label}` is the request's label.
 */
export interface CrmNoteTexts {
  completed: string;
  refused: string;
  expired: string;
  canceled: string;
  signer: string;
}

export const crmNoteTexts: PdfTexts<CrmNoteTexts> = {
  fr: {
    completed: 'Demande de signature « {label} » terminée : tous les signataires ont signé, les documents signés sont joints.',
    refused: 'Demande de signature « {label} » refusée.',
    expired: 'Demande de signature « {label} » expirée avant la signature de tous les signataires.',
    canceled: 'Demande de signature « {label} » annulée.',
    signer: 'Signataire : {name}',
  },
  en: {
    completed: 'Signature request “{label}” completed: every signer signed, the signed documents are attached.',
    refused: 'Signature request “{label}” refused.',
    expired: 'Signature request “{label}” expired before every signer signed.',
    canceled: 'Signature request “{label}” canceled.',
    signer: 'Signer: {name}',
  },
  de: {
    completed: 'Signaturanfrage „{label}“ abgeschlossen: Alle Unterzeichnenden haben unterschrieben, die signierten Dokumente sind angehängt.',
    refused: 'Signaturanfrage „{label}“ abgelehnt.',
    expired: 'Signaturanfrage „{label}“ abgelaufen, bevor alle Unterzeichnenden unterschrieben haben.',
    canceled: 'Signaturanfrage „{label}“ storniert.',
    signer: 'Unterzeichner: {name}',
  },
  dk: {
    completed: 'Signaturanmodningen “{label}” er afsluttet: alle har underskrevet, de underskrevne dokumenter er vedhæftet.',
    refused: 'Signaturanmodningen “{label}” er afvist.',
    expired: 'Signaturanmodningen “{label}” udløb, før alle havde underskrevet.',
    canceled: 'Signaturanmodningen “{label}” er annulleret.',
    signer: 'Underskriver: {name}',
  },
  es: {
    completed: 'Solicitud de firma «{label}» completada: todos los firmantes han firmado, los documentos firmados van adjuntos.',
    refused: 'Solicitud de firma «{label}» rechazada.',
    expired: 'Solicitud de firma «{label}» caducada antes de que firmaran todos los firmantes.',
    canceled: 'Solicitud de firma «{label}» cancelada.',
    signer: 'Firmante: {name}',
  },
  fi: {
    completed: 'Allekirjoituspyyntö ”{label}” on valmis: kaikki allekirjoittivat, allekirjoitetut asiakirjat ovat liitteenä.',
    refused: 'Allekirjoituspyyntö ”{label}” hylättiin.',
    expired: 'Allekirjoituspyyntö ”{label}” vanheni ennen kuin kaikki allekirjoittivat.',
    canceled: 'Allekirjoituspyyntö ”{label}” peruttiin.',
    signer: 'Allekirjoittaja: {name}',
  },
  gr: {
    completed: 'Το αίτημα υπογραφής «{label}» ολοκληρώθηκε: υπέγραψαν όλοι, τα υπογεγραμμένα έγγραφα επισυνάπτονται.',
    refused: 'Το αίτημα υπογραφής «{label}» απορρίφθηκε.',
    expired: 'Το αίτημα υπογραφής «{label}» έληξε πριν υπογράψουν όλοι.',
    canceled: 'Το αίτημα υπογραφής «{label}» ακυρώθηκε.',
    signer: 'Υπογράφων: {name}',
  },
  it: {
    completed: 'Richiesta di firma «{label}» completata: tutti i firmatari hanno firmato, i documenti firmati sono allegati.',
    refused: 'Richiesta di firma «{label}» rifiutata.',
    expired: 'Richiesta di firma «{label}» scaduta prima che tutti i firmatari firmassero.',
    canceled: 'Richiesta di firma «{label}» annullata.',
    signer: 'Firmatario: {name}',
  },
  nl: {
    completed: 'Ondertekeningsverzoek “{label}” voltooid: iedereen heeft ondertekend, de ondertekende documenten zijn bijgevoegd.',
    refused: 'Ondertekeningsverzoek “{label}” geweigerd.',
    expired: 'Ondertekeningsverzoek “{label}” verlopen voordat iedereen had ondertekend.',
    canceled: 'Ondertekeningsverzoek “{label}” geannuleerd.',
    signer: 'Ondertekenaar: {name}',
  },
  no: {
    completed: 'Signeringsforespørselen «{label}» er fullført: alle har signert, de signerte dokumentene er vedlagt.',
    refused: 'Signeringsforespørselen «{label}» ble avvist.',
    expired: 'Signeringsforespørselen «{label}» utløp før alle hadde signert.',
    canceled: 'Signeringsforespørselen «{label}» ble kansellert.',
    signer: 'Signatar: {name}',
  },
  pt: {
    completed: 'Pedido de assinatura «{label}» concluído: todos assinaram, os documentos assinados seguem em anexo.',
    refused: 'Pedido de assinatura «{label}» recusado.',
    expired: 'Pedido de assinatura «{label}» expirado antes de todos assinarem.',
    canceled: 'Pedido de assinatura «{label}» cancelado.',
    signer: 'Signatário: {name}',
  },
  se: {
    completed: 'Signeringsbegäran ”{label}” är klar: alla har skrivit under, de signerade dokumenten bifogas.',
    refused: 'Signeringsbegäran ”{label}” avböjdes.',
    expired: 'Signeringsbegäran ”{label}” gick ut innan alla hade skrivit under.',
    canceled: 'Signeringsbegäran ”{label}” avbröts.',
    signer: 'Undertecknare: {name}',
  },
};
