import type { ConsentKind, LegalTextContent } from '@paraphe/contracts';

/**
 * Version 1 of each text, shipped with the product: a TEMPLATE drafted for an e-signature SaaS, to be reviewed by
 * counsel before production (the product administrator publishes the reviewed text as version 2 from the
 * administration). French is the reference; English follows it.
 */
const templateNotice = {
  fr: '[Modèle à faire relire par un conseil juridique avant la mise en production.]',
  en: '[Template to be reviewed by legal counsel before going live.]',
};

const termsFr = `${templateNotice.fr}

1. Objet
Les présentes conditions générales d'utilisation (« CGU ») régissent l'accès et l'utilisation du service de signature électronique en ligne (le « Service ») édité par l'exploitant de la plateforme (l'« Éditeur ») par toute entreprise cliente (le « Client ») et ses utilisateurs. La création d'un compte vaut acceptation sans réserve des CGU dans leur version en vigueur.

2. Description du Service
Le Service permet de préparer des documents, de les envoyer pour signature à des signataires, de suivre leur avancement, de sceller et d'horodater des fichiers, et de conserver les documents signés et leur dossier de preuve. Les niveaux de signature proposés (simple, avancée, qualifiée) sont ceux définis par le règlement (UE) n° 910/2014 (« eIDAS »). Le mode test produit des signatures dépourvues de valeur juridique, signalées comme telles.

3. Compte et accès
Le Client désigne un gérant responsable du compte. Les identifiants sont personnels et confidentiels ; la connexion est protégée par un second facteur. Le Client répond des actions faites depuis ses comptes et informe sans délai l'Éditeur de toute utilisation non autorisée.

4. Obligations du Client
Le Client s'engage à n'envoyer que des documents qu'il est en droit de faire signer, à informer ses signataires du traitement de leurs données, à vérifier l'identité de ses signataires selon le niveau de signature choisi, et à ne pas utiliser le Service à des fins illicites, frauduleuses ou contraires à l'ordre public.

5. Preuve
Chaque demande de signature est accompagnée d'un journal de preuve chaîné (empreintes SHA-256 des documents, horodatage des événements, adresses IP) et d'un dossier de preuve scellé. Les parties conviennent que ces éléments font foi entre elles, conformément aux articles 1366 et suivants du Code civil.

6. Données personnelles
L'Éditeur agit en qualité de sous-traitant du Client pour les données des signataires et des contacts, au sens de l'article 28 du RGPD, et de responsable de traitement pour les données de compte. Les durées de conservation sont paramétrables par le Client dans l'onglet RGPD, dans la limite des durées légales de conservation de la preuve. Les droits d'accès, de rectification, d'effacement, de limitation et de portabilité s'exercent auprès du Client ou, pour les données de compte, auprès de l'Éditeur.

7. Disponibilité et sécurité
L'Éditeur met en œuvre les moyens raisonnables pour assurer la disponibilité du Service, hors maintenance annoncée, et des mesures de sécurité conformes à l'état de l'art (chiffrement des communications, cloisonnement des comptes, sauvegardes).

8. Prix et facturation
Le Service est facturé selon le pack et les tarifs en vigueur du Client, à la consommation mensuelle. Les factures sont payables par carte ou prélèvement SEPA. Un défaut de paiement peut entraîner la suspension du compte après relance.

9. Responsabilité
L'Éditeur est tenu d'une obligation de moyens. Sa responsabilité est limitée aux dommages directs et plafonnée au montant payé par le Client au cours des douze derniers mois, sauf faute lourde ou dolosive.

10. Durée, résiliation et réversibilité
Les CGU s'appliquent pendant toute la durée d'utilisation du Service. Le Client peut fermer son compte à tout moment ; il peut exporter ses documents et ses données avant la fermeture. Les éléments de preuve sont conservés pendant la durée légale applicable.

11. Modification des CGU
L'Éditeur peut modifier les CGU. Toute nouvelle version est soumise à l'acceptation des utilisateurs lors de leur connexion suivante ; les versions précédentes restent consultables.

12. Droit applicable
Les CGU sont régies par le droit français. À défaut d'accord amiable, tout litige relève des tribunaux compétents du ressort du siège de l'Éditeur.`;

const termsEn = `${templateNotice.en}

1. Purpose
These terms of service (the "Terms") govern access to and use of the online electronic signature service (the "Service") operated by the platform's publisher (the "Publisher") by any customer company (the "Customer") and its users. Creating an account means accepting the Terms, in their current version, without reservation.

2. The Service
The Service lets the Customer prepare documents, send them to signers, follow their progress, seal and time-stamp files, and keep the signed documents and their evidence file. The signature levels offered (simple, advanced, qualified) are those of Regulation (EU) No 910/2014 ("eIDAS"). Test mode produces signatures without legal value, marked as such.

3. Account and access
The Customer appoints a director responsible for the account. Credentials are personal and confidential; logging in is protected by a second factor. The Customer answers for what is done from its accounts and tells the Publisher without delay of any unauthorised use.

4. The Customer's obligations
The Customer undertakes to send only documents it is entitled to have signed, to inform its signers of the processing of their data, to check its signers' identity as the chosen signature level requires, and not to use the Service for unlawful, fraudulent or improper purposes.

5. Evidence
Every signature request comes with a hash-chained evidence log (SHA-256 fingerprints of the documents, time of each event, IP addresses) and a sealed evidence file. The parties agree that these are binding between them, in accordance with articles 1366 et seq. of the French Civil Code.

6. Personal data
The Publisher acts as the Customer's processor for the data of signers and contacts, within the meaning of Article 28 GDPR, and as controller for account data. Retention periods are set by the Customer in the GDPR tab, within the legal periods for keeping evidence. Rights of access, rectification, erasure, restriction and portability are exercised with the Customer or, for account data, with the Publisher.

7. Availability and security
The Publisher uses reasonable means to keep the Service available, except for announced maintenance, and security measures in line with the state of the art (encrypted communications, separation of accounts, backups).

8. Prices and invoicing
The Service is invoiced monthly on consumption, according to the Customer's pack and current prices. Invoices are paid by card or SEPA direct debit. Non-payment may lead to the account being suspended after a reminder.

9. Liability
The Publisher's obligation is one of means. Its liability is limited to direct damage and capped at the amount the Customer paid in the last twelve months, except for gross negligence or wilful misconduct.

10. Term, termination and reversibility
The Terms apply for as long as the Service is used. The Customer may close its account at any time and may export its documents and data beforehand. Evidence is kept for the applicable legal period.

11. Changes to the Terms
The Publisher may change the Terms. Each new version is put to the users for acceptance at their next login; previous versions remain available.

12. Governing law
The Terms are governed by French law. Failing an amicable settlement, any dispute falls within the jurisdiction of the competent courts of the Publisher's registered office.`;

export const defaultLegalTexts: Record<ConsentKind, { fr: LegalTextContent; en: LegalTextContent }> = {
  terms: {
    fr: { title: "Conditions générales d'utilisation", body: termsFr },
    en: { title: 'Terms of service', body: termsEn },
  },
  personalData: {
    fr: {
      title: 'Traitement des données personnelles',
      body: "J'accepte que mes données personnelles (identité, coordonnées, données de connexion) soient traitées pour créer et gérer mon compte, fournir le service de signature, le facturer et en assurer la sécurité et la preuve, conformément au RGPD et aux CGU.",
    },
    en: {
      title: 'Processing of personal data',
      body: 'I agree that my personal data (identity, contact details, connection data) is processed to create and manage my account, provide, invoice and secure the signature service and keep its evidence, in accordance with the GDPR and the terms of service.',
    },
  },
  partners: {
    fr: {
      title: 'Partage avec des partenaires commerciaux',
      body: "J'accepte que mes coordonnées professionnelles soient communiquées à des partenaires commerciaux de l'éditeur pour me présenter leurs offres. Je peux retirer ce consentement à tout moment.",
    },
    en: {
      title: 'Sharing with commercial partners',
      body: "I agree that my business contact details are shared with the publisher's commercial partners so they can present their offers to me. I may withdraw this consent at any time.",
    },
  },
  brandPublication: {
    fr: {
      title: 'Publication de la marque et du logo',
      body: "J'autorise l'éditeur à citer le nom de mon entreprise et à publier son logo parmi ses références clients (site, présentations commerciales). Je peux retirer cette autorisation à tout moment.",
    },
    en: {
      title: 'Publication of brand and logo',
      body: 'I allow the publisher to name my company and show its logo among its customer references (website, sales presentations). I may withdraw this permission at any time.',
    },
  },
};
