import {
  consentKinds,
  requiredConsentKinds,
  type ConsentAcceptance,
  type ConsentKind,
  type LegalText,
  type LegalTextPublishInput,
  type LegalTextVersion,
  type Locale,
} from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { displayNamesOf, findUserById } from '../users/index.ts';
import { defaultLegalTexts } from './default-texts.ts';
import * as repo from './repository.ts';

interface Version {
  kind: ConsentKind;
  version: number;
  texts: Record<string, { title: string; body: string }>;
  publishedAt: Date | null;
  publishedBy: string | null;
}

const builtIn = (kind: ConsentKind): Version => ({ kind, version: 1, texts: defaultLegalTexts[kind], publishedAt: null, publishedBy: null });

/** The current version of each text: the last one published, else the template shipped (version 1). */
export async function currentVersions(db: Executor): Promise<Map<ConsentKind, Version>> {
  const byKind = new Map((await repo.lastPublishedTexts(db)).map((row) => [row.kind, row]));
  return new Map(
    consentKinds.map((kind) => {
      const row = byKind.get(kind);
      return [kind, row ? { kind, version: row.version, texts: row.texts, publishedAt: row.publishedAt, publishedBy: row.publishedBy } : builtIn(kind)];
    }),
  );
}

/** One version as read in `language` (else English, else French: both are always there). */
function inLanguage(v: Version, language: Locale): LegalText {
  const lang: Locale = v.texts[language] ? language : v.texts.en ? 'en' : 'fr';
  const text = v.texts[lang]!;
  return {
    kind: v.kind,
    version: v.version,
    language: lang,
    title: text.title,
    body: text.body,
    required: requiredConsentKinds.includes(v.kind),
    publishedAt: v.publishedAt?.toISOString() ?? null,
  };
}

export async function currentTexts(platform: Platform, language: Locale): Promise<LegalText[]> {
  const current = await platform.database.inSystem((tx) => currentVersions(tx));
  return consentKinds.map((kind) => inLanguage(current.get(kind)!, language));
}

/** Every version of every text, newest first within a kind (the template shipped as version 1 included). */
export async function listVersions(platform: Platform): Promise<LegalTextVersion[]> {
  return platform.database.inSystem(async (tx) => {
    const rows = await repo.publishedTexts(tx);
    const names = await displayNamesOf(
      tx,
      rows.flatMap((r) => (r.publishedBy ? [r.publishedBy] : [])),
    );
    return consentKinds.flatMap((kind) => {
      const published = rows.filter((r) => r.kind === kind);
      const versions: Version[] = [
        ...published.map((r) => ({ kind, version: r.version, texts: r.texts, publishedAt: r.publishedAt, publishedBy: r.publishedBy })),
        builtIn(kind),
      ];
      return versions.map((v) => ({
        kind,
        version: v.version,
        texts: v.texts,
        builtIn: v.publishedAt === null,
        publishedAt: v.publishedAt?.toISOString() ?? null,
        publishedBy: v.publishedBy ? { id: v.publishedBy, name: names.get(v.publishedBy) ?? '' } : null,
      }));
    });
  });
}

/** A new version of a text (the product administrator): the next number; the earlier versions stay. */
export async function publishText(opts: { platform: Platform; actor: Actor; input: LegalTextPublishInput }): Promise<LegalTextVersion> {
  const { platform, actor, input } = opts;
  return platform.database.inSystem(async (tx) => {
    await repo.lockPublicationOf(tx, input.kind);
    const version = (await currentVersions(tx)).get(input.kind)!.version + 1;
    const row = await repo.insertText(tx, {
      kind: input.kind,
      version,
      texts: input.texts as Record<string, { title: string; body: string }>,
      publishedBy: actor.realUserId,
    });
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'legal_text.published',
      targetType: 'legal_text',
      targetId: row.id,
      data: { kind: input.kind, version },
      ip: actor.ip,
    });
    const names = await displayNamesOf(tx, [actor.realUserId]);
    return {
      kind: input.kind,
      version,
      texts: row.texts,
      builtIn: false,
      publishedAt: row.publishedAt.toISOString(),
      publishedBy: { id: actor.realUserId, name: names.get(actor.realUserId) ?? '' },
    };
  });
}

/**
 * Sign-up: records, for each text, the version shown and whether the person accepted it, in the sign-up's
 * transaction. A version the page showed that is no longer the current one → 409 (the page reloads the texts).
 */
export async function recordSignUpConsents(
  tx: Tx,
  opts: { appId: string; userId: string; answers: Record<ConsentKind, boolean>; shownVersions?: Partial<Record<ConsentKind, number>>; at: Date; ip?: string },
): Promise<Record<ConsentKind, number>> {
  const current = await currentVersions(tx);
  const stale = consentKinds.filter((kind) => opts.shownVersions?.[kind] !== undefined && opts.shownVersions[kind] !== current.get(kind)!.version);
  if (stale.length) {
    throw new AppError('CONFLICT', 'The terms or consents changed since the page was opened: read the new version and try again.', {
      details: { changed: stale.map((kind) => ({ kind, version: current.get(kind)!.version })) },
    });
  }
  const versions = Object.fromEntries(consentKinds.map((kind) => [kind, current.get(kind)!.version])) as Record<ConsentKind, number>;
  await repo.insertAcceptances(
    tx,
    consentKinds.map((kind) => ({
      appId: opts.appId,
      userId: opts.userId,
      kind,
      version: versions[kind],
      accepted: opts.answers[kind],
      at: opts.at,
      ip: opts.ip ?? null,
    })),
  );
  return versions;
}

/** What the account's users accepted or declined (the application view), newest first. */
export async function acceptancesOf(platform: Platform, appId: string): Promise<ConsentAcceptance[]> {
  return platform.database.inTenant(appId, async (tx) => {
    const rows = await repo.acceptancesOfApp(tx, appId);
    const users = new Map<string, { name: string; email: string }>();
    // A handful of users per account (the owner at sign-up, then those asked to accept new terms).
    for (const userId of new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))) {
      const user = await findUserById(tx, userId);
      if (user) users.set(userId, { name: `${user.firstName} ${user.lastName}`, email: user.email });
    }
    return rows.map((r) => ({
      user: r.userId && users.has(r.userId) ? { id: r.userId, ...users.get(r.userId)! } : null,
      kind: r.kind,
      version: r.version,
      accepted: r.accepted,
      at: r.at.toISOString(),
      ip: r.ip,
    }));
  });
}

/**
 * The terms version the user has to accept before going on: only a version published after the template (2 or
 * more) the user has not accepted yet. Users from before versioning accepted the template at sign-up or by
 * invitation; they are asked only when the administrator publishes a new text.
 */
async function pendingTermsVersion(db: Executor, userId: string): Promise<Version | null> {
  const terms = (await currentVersions(db)).get('terms')!;
  if (terms.version < 2) return null;
  return (await repo.hasAcceptedTerms(db, userId, terms.version)) ? null : terms;
}

export async function pendingTerms(opts: { platform: Platform; actor: Actor; language: Locale }): Promise<LegalText | null> {
  const { platform, actor } = opts;
  // Viewing the app as another user (commuted mode) is not the place to accept terms for anybody.
  if (actor.realUserId !== actor.userId) return null;
  const pending = await platform.database.inTenant(actor.appId, (tx) => pendingTermsVersion(tx, actor.userId));
  return pending ? inLanguage(pending, opts.language) : null;
}

/** The user accepts the current terms (the shell's blocking dialog); an older version shown → 409. */
export async function acceptTerms(opts: { platform: Platform; actor: Actor; version: number }): Promise<void> {
  const { platform, actor } = opts;
  if (actor.realUserId !== actor.userId) throw new AppError('FORBIDDEN', 'Terms are accepted by the user themselves, not in commuted mode.');
  await platform.database.inTenant(actor.appId, async (tx) => {
    const current = (await currentVersions(tx)).get('terms')!;
    if (current.version !== opts.version)
      throw new AppError('CONFLICT', 'A newer version of the terms was published: read it and accept it.', { details: { version: current.version } });
    if (!(await pendingTermsVersion(tx, actor.realUserId))) return;
    const at = platform.clock();
    await repo.insertAcceptances(tx, [
      { appId: actor.appId, userId: actor.realUserId, kind: 'terms', version: current.version, accepted: true, at, ip: actor.ip ?? null },
    ]);
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'legal_text.accepted',
      targetType: 'user',
      targetId: actor.realUserId,
      data: { kind: 'terms', version: current.version },
      ip: actor.ip,
    });
  });
}
