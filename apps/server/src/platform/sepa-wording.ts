import type { PdfTexts } from './pdf-texts.ts';

/**
 * The SEPA Core direct-debit mandate's wording (EPC SDD Core rulebook: the authorisation and refund texts as the
 * banks of each country word them), in the 12 languages. Used by the pre-processing mandate a signer signs
 * (signatures domain) and the tenant's own mandate to the platform (payments domain). `{creditor}`: the creditor's
 * name.
 */
export interface SepaMandateWording {
  title: string;
  reference: string;
  creditor: string;
  creditorId: string;
  debtor: string;
  type: string;
  recurrent: string;
  oneOff: string;
  authorisation: string;
  refund: string;
  placeDate: string;
  signature: string;
  signedBy: string;
  acceptedText: string;
}

export const sepaMandateWording: PdfTexts<SepaMandateWording> = {
  fr: {
    title: 'Mandat de prélèvement SEPA Core',
    reference: 'Référence unique du mandat (RUM)',
    creditor: 'Créancier',
    creditorId: 'Identifiant créancier SEPA (ICS)',
    debtor: 'Débiteur',
    type: 'Type de paiement',
    recurrent: 'Paiement récurrent',
    oneOff: 'Paiement ponctuel',
    authorisation:
      'En signant ce formulaire de mandat, vous autorisez {creditor} à envoyer des instructions à votre banque pour débiter votre compte, et votre banque à débiter votre compte conformément aux instructions de {creditor}.',
    refund:
      "Vous bénéficiez du droit d'être remboursé par votre banque selon les conditions décrites dans la convention que vous avez passée avec elle. Une demande de remboursement doit être présentée dans les 8 semaines suivant la date de débit de votre compte pour un prélèvement autorisé.",
    placeDate: 'Fait à',
    signature: 'Signature du débiteur',
    signedBy: 'Signé électroniquement par {signer} le {date} (adresse IP {ip}).',
    acceptedText: 'Empreinte SHA-256 du texte accepté : {hash}',
  },
  en: {
    title: 'SEPA Core Direct Debit Mandate',
    reference: 'Unique mandate reference (RUM)',
    creditor: 'Creditor',
    creditorId: 'SEPA creditor identifier (ICS)',
    debtor: 'Debtor',
    type: 'Type of payment',
    recurrent: 'Recurrent payment',
    oneOff: 'One-off payment',
    authorisation:
      'By signing this mandate form, you authorise {creditor} to send instructions to your bank to debit your account and your bank to debit your account in accordance with the instructions from {creditor}.',
    refund:
      'As part of your rights, you are entitled to a refund from your bank under the terms and conditions of your agreement with your bank. A refund must be claimed within 8 weeks starting from the date on which your account was debited.',
    placeDate: 'Place and date',
    signature: 'Signature of the debtor',
    signedBy: 'Signed electronically by {signer} on {date} (IP address {ip}).',
    acceptedText: 'SHA-256 of the accepted text: {hash}',
  },
  de: {
    title: 'SEPA-Lastschriftmandat (SEPA Core)',
    reference: 'Mandatsreferenz',
    creditor: 'Zahlungsempfänger',
    creditorId: 'Gläubiger-Identifikationsnummer',
    debtor: 'Zahlungspflichtiger',
    type: 'Zahlungsart',
    recurrent: 'Wiederkehrende Zahlung',
    oneOff: 'Einmalige Zahlung',
    authorisation:
      'Ich ermächtige/Wir ermächtigen {creditor}, Zahlungen von meinem/unserem Konto mittels Lastschrift einzuziehen. Zugleich weise ich mein/weisen wir unser Kreditinstitut an, die von {creditor} auf mein/unser Konto gezogenen Lastschriften einzulösen.',
    refund:
      'Hinweis: Ich kann/Wir können innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen. Es gelten dabei die mit meinem/unserem Kreditinstitut vereinbarten Bedingungen.',
    placeDate: 'Ort, Datum',
    signature: 'Unterschrift des Zahlungspflichtigen',
    signedBy: 'Elektronisch unterzeichnet von {signer} am {date} (IP-Adresse {ip}).',
    acceptedText: 'SHA-256-Prüfsumme des angenommenen Textes: {hash}',
  },
  dk: {
    title: 'SEPA Core-betalingsmandat (direkte debitering)',
    reference: 'Unik mandatreference',
    creditor: 'Kreditor',
    creditorId: 'SEPA-kreditor-id',
    debtor: 'Debitor',
    type: 'Betalingstype',
    recurrent: 'Tilbagevendende betaling',
    oneOff: 'Engangsbetaling',
    authorisation:
      'Ved at underskrive denne mandatformular giver du {creditor} tilladelse til at sende instrukser til dit pengeinstitut om at debitere din konto, og dit pengeinstitut tilladelse til at debitere din konto i overensstemmelse med instrukserne fra {creditor}.',
    refund:
      'Som en del af dine rettigheder kan du få beløbet tilbagebetalt af dit pengeinstitut i henhold til vilkårene i din aftale med pengeinstituttet. Tilbagebetaling skal kræves senest 8 uger efter den dato, hvor din konto blev debiteret.',
    placeDate: 'Sted og dato',
    signature: 'Debitors underskrift',
    signedBy: 'Underskrevet elektronisk af {signer} den {date} (IP-adresse {ip}).',
    acceptedText: 'SHA-256 af den accepterede tekst: {hash}',
  },
  es: {
    title: 'Orden de domiciliación de adeudo directo SEPA Core',
    reference: 'Referencia única de la orden de domiciliación',
    creditor: 'Acreedor',
    creditorId: 'Identificador del acreedor SEPA',
    debtor: 'Deudor',
    type: 'Tipo de pago',
    recurrent: 'Pago recurrente',
    oneOff: 'Pago único',
    authorisation:
      'Mediante la firma de esta orden de domiciliación, el deudor autoriza a {creditor} a enviar instrucciones a la entidad del deudor para adeudar su cuenta y a la entidad para efectuar los adeudos en su cuenta siguiendo las instrucciones de {creditor}.',
    refund:
      'Como parte de sus derechos, el deudor está legitimado al reembolso por su entidad en los términos y condiciones del contrato suscrito con la misma. La solicitud de reembolso deberá efectuarse dentro de las ocho semanas que siguen a la fecha de adeudo en cuenta.',
    placeDate: 'Lugar y fecha',
    signature: 'Firma del deudor',
    signedBy: 'Firmado electrónicamente por {signer} el {date} (dirección IP {ip}).',
    acceptedText: 'SHA-256 del texto aceptado: {hash}',
  },
  fi: {
    title: 'SEPA Core -suoraveloitusvaltuutus',
    reference: 'Valtuutuksen yksilöivä viite',
    creditor: 'Maksunsaaja',
    creditorId: 'SEPA-maksunsaajatunnus',
    debtor: 'Maksaja',
    type: 'Maksun tyyppi',
    recurrent: 'Toistuva maksu',
    oneOff: 'Kertamaksu',
    authorisation:
      'Allekirjoittamalla tämän valtuutuksen valtuutat maksunsaajan ({creditor}) lähettämään pankillesi ohjeita tilisi veloittamiseksi ja pankkisi veloittamaan tiliäsi maksunsaajan ({creditor}) ohjeiden mukaisesti.',
    refund:
      'Sinulla on oikeus saada pankiltasi palautus pankkisi kanssa tekemäsi sopimuksen ehtojen mukaisesti. Palautusta on vaadittava 8 viikon kuluessa siitä päivästä, jona tiliäsi veloitettiin.',
    placeDate: 'Paikka ja päivämäärä',
    signature: 'Maksajan allekirjoitus',
    signedBy: 'Sähköisesti allekirjoittanut {signer} {date} (IP-osoite {ip}).',
    acceptedText: 'Hyväksytyn tekstin SHA-256-tiiviste: {hash}',
  },
  gr: {
    title: 'Εντολή άμεσης χρέωσης SEPA Core',
    reference: 'Μοναδικό αναγνωριστικό εντολής',
    creditor: 'Δικαιούχος',
    creditorId: 'Αναγνωριστικό δικαιούχου SEPA',
    debtor: 'Οφειλέτης',
    type: 'Είδος πληρωμής',
    recurrent: 'Επαναλαμβανόμενη πληρωμή',
    oneOff: 'Εφάπαξ πληρωμή',
    authorisation:
      'Με την υπογραφή της παρούσας εντολής εξουσιοδοτείτε τον δικαιούχο {creditor} να αποστέλλει εντολές στην τράπεζά σας για τη χρέωση του λογαριασμού σας και την τράπεζά σας να χρεώνει τον λογαριασμό σας σύμφωνα με τις εντολές του δικαιούχου {creditor}.',
    refund:
      'Στο πλαίσιο των δικαιωμάτων σας, δικαιούστε επιστροφή χρημάτων από την τράπεζά σας σύμφωνα με τους όρους της σύμβασής σας με αυτήν. Το αίτημα επιστροφής πρέπει να υποβληθεί εντός 8 εβδομάδων από την ημερομηνία χρέωσης του λογαριασμού σας.',
    placeDate: 'Τόπος και ημερομηνία',
    signature: 'Υπογραφή του οφειλέτη',
    signedBy: 'Υπογράφηκε ηλεκτρονικά από {signer} στις {date} (διεύθυνση IP {ip}).',
    acceptedText: 'SHA-256 του κειμένου που έγινε αποδεκτό: {hash}',
  },
  it: {
    title: 'Mandato per addebito diretto SEPA Core',
    reference: 'Riferimento univoco del mandato',
    creditor: 'Creditore',
    creditorId: 'Codice identificativo del creditore SEPA',
    debtor: 'Debitore',
    type: 'Tipo di pagamento',
    recurrent: 'Pagamento ricorrente',
    oneOff: 'Pagamento singolo',
    authorisation:
      'La sottoscrizione del presente mandato comporta l’autorizzazione a {creditor} a richiedere alla banca del debitore l’addebito del suo conto e l’autorizzazione alla banca del debitore di procedere a tale addebito conformemente alle disposizioni impartite da {creditor}.',
    refund:
      'Il debitore ha diritto di ottenere il rimborso dalla propria banca secondo quanto previsto nel contratto con quest’ultima. Il rimborso deve essere richiesto nel termine di 8 settimane a decorrere dalla data di addebito in conto.',
    placeDate: 'Luogo e data',
    signature: 'Firma del debitore',
    signedBy: 'Firmato elettronicamente da {signer} il {date} (indirizzo IP {ip}).',
    acceptedText: 'SHA-256 del testo accettato: {hash}',
  },
  nl: {
    title: 'Machtiging SEPA Core-incasso',
    reference: 'Kenmerk machtiging',
    creditor: 'Incassant',
    creditorId: 'Incassant-ID',
    debtor: 'Debiteur',
    type: 'Soort incasso',
    recurrent: 'Doorlopende incasso',
    oneOff: 'Eenmalige incasso',
    authorisation:
      'Door ondertekening van dit formulier geeft u toestemming aan {creditor} om incasso-opdrachten te sturen naar uw bank om een bedrag van uw rekening af te schrijven en aan uw bank om een bedrag van uw rekening af te schrijven overeenkomstig de opdracht van {creditor}.',
    refund:
      'Als u het niet eens bent met deze afschrijving, kunt u deze laten terugboeken. Neem hiervoor binnen 8 weken na afschrijving contact op met uw bank. Vraag uw bank naar de voorwaarden.',
    placeDate: 'Plaats en datum',
    signature: 'Handtekening van de debiteur',
    signedBy: 'Elektronisch ondertekend door {signer} op {date} (IP-adres {ip}).',
    acceptedText: 'SHA-256 van de aanvaarde tekst: {hash}',
  },
  no: {
    title: 'SEPA Core-fullmakt for direkte belastning',
    reference: 'Unik fullmaktsreferanse',
    creditor: 'Kreditor',
    creditorId: 'SEPA-kreditoridentifikator',
    debtor: 'Debitor',
    type: 'Betalingstype',
    recurrent: 'Gjentakende betaling',
    oneOff: 'Engangsbetaling',
    authorisation:
      'Ved å signere denne fullmakten gir du {creditor} tillatelse til å sende instrukser til banken din om å belaste kontoen din, og banken din tillatelse til å belaste kontoen din i samsvar med instruksene fra {creditor}.',
    refund:
      'Som en del av rettighetene dine har du krav på tilbakebetaling fra banken din i henhold til vilkårene i avtalen med banken. Krav om tilbakebetaling må fremsettes innen 8 uker fra datoen kontoen ble belastet.',
    placeDate: 'Sted og dato',
    signature: 'Debitors signatur',
    signedBy: 'Signert elektronisk av {signer} {date} (IP-adresse {ip}).',
    acceptedText: 'SHA-256 av den godtatte teksten: {hash}',
  },
  pt: {
    title: 'Autorização de débito direto SEPA Core',
    reference: 'Referência única da autorização',
    creditor: 'Credor',
    creditorId: 'Identificação do credor SEPA',
    debtor: 'Devedor',
    type: 'Tipo de pagamento',
    recurrent: 'Pagamento recorrente',
    oneOff: 'Pagamento pontual',
    authorisation:
      'Ao subscrever esta autorização, está a autorizar {creditor} a enviar instruções ao seu banco para debitar a sua conta e o seu banco a debitar a sua conta, de acordo com as instruções de {creditor}.',
    refund:
      'Os seus direitos incluem a possibilidade de exigir do seu banco o reembolso do montante debitado, nos termos e condições acordados com o seu banco. O reembolso deve ser solicitado no prazo de oito semanas a contar da data do débito na sua conta.',
    placeDate: 'Local e data',
    signature: 'Assinatura do devedor',
    signedBy: 'Assinado eletronicamente por {signer} em {date} (endereço IP {ip}).',
    acceptedText: 'SHA-256 do texto aceite: {hash}',
  },
  se: {
    title: 'SEPA Core-medgivande till autogiro',
    reference: 'Unik medgivandereferens',
    creditor: 'Betalningsmottagare',
    creditorId: 'SEPA-identitet för betalningsmottagaren',
    debtor: 'Betalare',
    type: 'Betalningstyp',
    recurrent: 'Återkommande betalning',
    oneOff: 'Engångsbetalning',
    authorisation:
      'Genom att underteckna detta medgivande ger du {creditor} tillstånd att skicka instruktioner till din bank om att debitera ditt konto, och din bank tillstånd att debitera ditt konto i enlighet med instruktionerna från {creditor}.',
    refund:
      'Som en del av dina rättigheter har du rätt till återbetalning från din bank enligt villkoren i ditt avtal med banken. Återbetalning måste begäras inom 8 veckor från den dag då ditt konto debiterades.',
    placeDate: 'Ort och datum',
    signature: 'Betalarens underskrift',
    signedBy: 'Elektroniskt undertecknat av {signer} den {date} (IP-adress {ip}).',
    acceptedText: 'SHA-256 för den godkända texten: {hash}',
  },
};
