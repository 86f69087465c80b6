import { randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  directLinkRules,
  permissionsFor,
  type DirectLink,
  type DirectLinkInfo,
  type FieldError,
  type PersonLanguage,
  type TemplateRole,
  type directLinkClaimInputSchema,
  type directLinkSettingsInputSchema,
} from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { iso } from '../../platform/http/envelope.ts';
import { hashOneTimeCode, newOneTimeCode, oneTimeCodeMatches } from '../../platform/one-time-codes.ts';
import { maskEmail } from '../../platform/text/mask.ts';
import { brandingOf, displayCompanyOf, getApplication, logoPathOf } from '../tenants/index.ts';
import { displayNamesOf, findUserById } from '../users/index.ts';
import { requestForSigning, signersOfRequests, signingLink, signingLinkToken } from '../signatures/index.ts';
import { publicBaseUrl } from '../custom-domains/index.ts';
import * as repo from './repository.ts';
import * as links from './repository-link.ts';
import { findVisibleTemplate, lockEditable, type Options } from './service.ts';
import { createRequestFromTemplate } from './use.ts';
import { closedReason, isLive } from './link-state.ts';

/**
 * Direct links (docs/templates.md, "Direct links"): a template's public address. A visitor gives their name and
 * e-mail (a claim), proves the address with a mailed code, and becomes the template's first role in a request the
 * link's publisher makes and sends (use.ts, as a sender's "use"). The claims' rows count the rates; the link's
 * `use_count` is taken by a conditional update inside the request's transaction.
 */

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const unavailable = (message = 'This link is no longer available.') => new AppError('LINK_UNAVAILABLE', message);
const unknownLink = () => new AppError('LINK_INVALID', 'This link is not valid.');

export const directLinkUrl = (platform: Platform, appId: string, slug: string) => `${publicBaseUrl(platform, appId)}/#/d/${slug}`;

/**
 * Why a template version cannot be used through a link, or null: the visitor takes the first role and signs, and
 * gives nobody else — every other role needs its prefilled person.
 */
export function linkProblem(roles: readonly TemplateRole[]): FieldError | null {
  const first = roles[0];
  if (first?.role !== 'signer') {
    return { field: 'roles.0', rule: 'invalid_value', message: `The first role ("${first?.name ?? ''}") must be a signer: a visitor of the link takes it.` };
  }
  const missing = roles.findIndex((role, i) => i > 0 && !role.prefill);
  if (missing > 0) {
    return {
      field: `roles.${missing}`,
      rule: 'required',
      message: `The role "${roles[missing]!.name}" needs a prefilled person: a visitor gives only their own.`,
    };
  }
  return null;
}

async function present(tx: Tx, platform: Platform, link: links.LinkRow, template: repo.TemplateRow): Promise<DirectLink> {
  const names = await displayNamesOf(tx, link.publishedBy ? [link.publishedBy] : []);
  const publisherName = link.publishedBy ? names.get(link.publishedBy) : undefined;
  return {
    id: link.id,
    slug: link.slug,
    url: directLinkUrl(platform, link.appId, link.slug),
    enabled: link.enabled,
    live: isLive(link, template, platform.clock()),
    disabledAt: iso(link.disabledAt),
    maxUses: link.maxUses,
    useCount: link.useCount,
    expiresAt: iso(link.expiresAt),
    perIpPerHour: link.perIpPerHour,
    perAddressPerDay: link.perAddressPerDay,
    publishedBy: link.publishedBy && publisherName ? { id: link.publishedBy, name: publisherName } : null,
    createdAt: link.createdAt.toISOString(),
    updatedAt: link.updatedAt.toISOString(),
  };
}

/** GET …/direct-link: the link of a template the caller sees, or null. */
export async function getDirectLink(opts: Options & { id: string }): Promise<DirectLink | null> {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const template = await (await findVisibleTemplate(tx, actor)).find(opts.id);
    const link = await links.linkOfTemplate(tx, actor.appId, template.id);
    return link ? present(tx, platform, link, template) : null;
  });
}

/**
 * PUT …/direct-link: publish, change or turn off. Whoever turns it on (or publishes it) becomes its publisher: the
 * requests' owner and sender. Turning it on needs a template a visitor can use (linkProblem) and not archived.
 */
export async function publishDirectLink(opts: Options & { id: string; input: z.output<typeof directLinkSettingsInputSchema> }): Promise<DirectLink> {
  const { platform, actor, input } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const template = await lockEditable(tx, actor, opts.id);
    if (input.enabled) {
      if (template.archivedAt) throw new AppError('INVALID_TRANSITION', 'This template is archived: restore it to publish its link.');
      const version = (await repo.findVersion(tx, actor.appId, template.id, template.currentVersion))!;
      const problem = linkProblem(version.roles);
      if (problem) throw new AppError('VALIDATION_FAILED', problem.message, { fields: [problem] });
    }
    const now = platform.clock();
    const existing = await links.linkOfTemplate(tx, actor.appId, template.id);
    const settings = {
      enabled: input.enabled,
      maxUses: input.maxUses,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      perIpPerHour: input.perIpPerHour,
      perAddressPerDay: input.perAddressPerDay,
      updatedAt: now,
    };
    const turnedOn = input.enabled && (!existing?.enabled || existing.publishedBy === null);
    const link = existing
      ? await links.updateLink(tx, actor.appId, existing.id, {
          ...settings,
          disabledAt: input.enabled ? null : (existing.disabledAt ?? now),
          ...(turnedOn ? { publishedBy: actor.userId } : {}),
        })
      : await links.insertLink(tx, {
          ...settings,
          appId: actor.appId,
          templateId: template.id,
          // 256 random bits: the address cannot be guessed.
          slug: randomBytes(32).toString('base64url'),
          publishedBy: actor.userId,
          disabledAt: input.enabled ? null : now,
          createdAt: now,
        });
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: !existing
        ? 'request_template.direct_link_published'
        : input.enabled
          ? 'request_template.direct_link_updated'
          : 'request_template.direct_link_disabled',
      targetType: 'request_template',
      targetId: template.id,
      data: {
        linkId: link.id,
        enabled: link.enabled,
        maxUses: link.maxUses,
        expiresAt: iso(link.expiresAt),
        perIpPerHour: link.perIpPerHour,
        perAddressPerDay: link.perAddressPerDay,
      },
      ip: actor.ip,
    });
    return present(tx, platform, link, template);
  });
}

/** What a public call works on: the link, its template and current version, its tenant; 410 when visitors cannot use it. */
interface OpenLink {
  appId: string;
  link: links.LinkRow;
  template: repo.TemplateRow;
  version: repo.TemplateVersionRow;
}

/** The link's tenant; on a tenant's own domain (`hostAppId`), another tenant's link is unknown, as signing links. */
async function tenantOf(platform: Platform, slug: string, hostAppId: string | null = null): Promise<string> {
  const appId = await links.tenantOfSlug(platform.database.db, slug);
  if (!appId || (hostAppId && hostAppId !== appId)) throw unknownLink();
  return appId;
}

/** The link usable now (410 with the reason otherwise); `lock`: its row locked (claims count one after the other). */
async function openLink(tx: Tx, platform: Platform, appId: string, slug: string, lock = false): Promise<OpenLink> {
  const found = await links.linkBySlug(tx, appId, slug);
  if (!found) throw unknownLink();
  const link = lock ? (await links.lockLink(tx, appId, found.id))! : found;
  const reason = closedReason(link, platform.clock());
  if (reason) throw unavailable(reason);
  const template = await repo.findTemplate(tx, { appId }, link.templateId);
  if (!template || template.archivedAt || !link.publishedBy) throw unavailable();
  const version = (await repo.findVersion(tx, appId, template.id, template.currentVersion))!;
  if (linkProblem(version.roles)) throw unavailable();
  return { appId, link, template, version };
}

/** GET /api/public/direct-links/:slug — the template's name, the visitor's role, the tenant, the documents' titles. */
export async function directLinkInfo(opts: { platform: Platform; slug: string; hostAppId?: string | null }): Promise<DirectLinkInfo> {
  const { platform, slug } = opts;
  const appId = await tenantOf(platform, slug, opts.hostAppId);
  return platform.database.inTenant(appId, async (tx) => {
    const { template, version } = await openLink(tx, platform, appId, slug);
    const application = await getApplication(tx, appId);
    const documents = await repo.documentsOfVersion(tx, appId, template.id, version.version);
    return {
      templateName: template.name,
      roleName: version.roles[0]!.name,
      tenant: { company: displayCompanyOf(application), themeColor: application.settings.themeColor, logoUrl: logoPathOf(application) ?? null },
      documents: documents.map((d) => ({ title: d.title })),
    };
  });
}

/** 429 RATE_LIMITED with the wait (the route copies it into Retry-After). */
function rateLimited(message: string, oldest: Date, windowMs: number, now: Date, limit: string): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil((oldest.getTime() + windowMs - now.getTime()) / 1000));
  return new AppError('RATE_LIMITED', message, { details: { retryAfterSeconds, limit } });
}

/**
 * POST …/claims: the visitor's name and e-mail; a code is mailed (202). Refused with 429 past the link's rates:
 * claims per client address in the last hour, per e-mail address in the last day.
 */
export async function claimDirectLink(opts: {
  platform: Platform;
  slug: string;
  input: z.output<typeof directLinkClaimInputSchema>;
  ip: string;
  hostAppId?: string | null;
}) {
  const { platform, slug, input, ip } = opts;
  const appId = await tenantOf(platform, slug, opts.hostAppId);
  return platform.database.inTenant(appId, async (tx) => {
    const { link, template, version } = await openLink(tx, platform, appId, slug, true);
    const now = platform.clock();
    const email = input.emailAddress.toLowerCase();
    const byIp = await links.claimsSince(tx, appId, link.id, { ip }, new Date(now.getTime() - hourMs));
    if (byIp.n >= link.perIpPerHour) {
      throw rateLimited(
        `Too many requests from your network on this link (${link.perIpPerHour} an hour). Try again later.`,
        byIp.oldest!,
        hourMs,
        now,
        'perIpPerHour',
      );
    }
    const byEmail = await links.claimsSince(tx, appId, link.id, { email }, new Date(now.getTime() - dayMs));
    if (byEmail.n >= link.perAddressPerDay) {
      throw rateLimited(
        `Too many requests for this e-mail address on this link (${link.perAddressPerDay} a day). Try again later.`,
        byEmail.oldest!,
        dayMs,
        now,
        'perAddressPerDay',
      );
    }
    const taken = version.roles.find((role) => role.prefill?.emailAddress.toLowerCase() === email);
    if (taken) {
      throw new AppError('VALIDATION_FAILED', 'This e-mail address already takes another role of this document: give your own.', {
        fields: [{ field: 'emailAddress', rule: 'invalid_value', message: 'This e-mail address already takes another role of this document.' }],
      });
    }
    const id = randomUUID();
    const code = newOneTimeCode();
    const expiresAt = new Date(now.getTime() + directLinkRules.codeTtlSeconds * 1000);
    await links.insertClaim(tx, {
      id,
      appId,
      linkId: link.id,
      firstname: input.firstname,
      lastname: input.lastname,
      email,
      language: input.language ?? null,
      codeHash: hashOneTimeCode(code, id),
      codeExpiresAt: expiresAt,
      ip,
      createdAt: now,
    });
    const application = await getApplication(tx, appId);
    await platform.messaging.queueEmail(tx, {
      appId,
      to: email,
      template: 'direct-link-code',
      language: input.language ?? application.settings.defaultLanguage ?? 'en',
      params: {
        name: `${input.firstname} ${input.lastname}`,
        company: displayCompanyOf(application),
        templateName: template.name,
        code,
        minutes: directLinkRules.codeTtlSeconds / 60,
      },
      branding: brandingOf(application),
      about: `direct-link-claim:${id}`,
      // The visitor waits for it on the page: before any mass sending.
      priority: 'urgent',
    });
    return { claimId: id, destination: maskEmail(email), expiresAt: expiresAt.toISOString() };
  });
}

type CodeOutcome = { kind: 'made'; requestId: string } | { kind: 'verified'; claim: links.ClaimRow; open: OpenLink } | { kind: 'refused'; error: AppError };

/**
 * The code check, committed whatever it finds (a wrong entry must count): right → the claim is verified and its
 * code cleared; the 5th wrong entry or an expired code ends the claim (CODE_LOCKED / CODE_EXPIRED: fill in the form
 * again). A claim already verified goes on to its request (a retry after a failure, or a second verify).
 */
async function checkClaimCode(platform: Platform, appId: string, slug: string, claimId: string, code: string): Promise<CodeOutcome> {
  return platform.database.inTenant(appId, async (tx) => {
    const found = await links.linkBySlug(tx, appId, slug);
    const claim = found ? await links.lockClaim(tx, appId, found.id, claimId) : undefined;
    if (!claim) throw unknownLink();
    if (claim.requestId) return { kind: 'made', requestId: claim.requestId };
    const open = await openLink(tx, platform, appId, slug);
    if (claim.verifiedAt) return { kind: 'verified', claim, open };
    const now = platform.clock();
    const refused = (error: AppError): CodeOutcome => ({ kind: 'refused', error });
    if (!claim.codeHash) {
      return refused(
        claim.failedTries >= directLinkRules.maxTries
          ? new AppError('CODE_LOCKED', 'Too many wrong codes: fill in the form again to get a new one.', { details: { triesLeft: 0 } })
          : new AppError('CODE_EXPIRED', 'The code has expired: fill in the form again to get a new one.'),
      );
    }
    if (claim.codeExpiresAt <= now) {
      await links.updateClaim(tx, appId, claim.id, { codeHash: null });
      return refused(new AppError('CODE_EXPIRED', 'The code has expired: fill in the form again to get a new one.'));
    }
    if (oneTimeCodeMatches(code, claim.id, claim.codeHash)) {
      await links.updateClaim(tx, appId, claim.id, { codeHash: null, verifiedAt: now });
      return { kind: 'verified', claim: { ...claim, codeHash: null, verifiedAt: now }, open };
    }
    const failedTries = claim.failedTries + 1;
    const dead = failedTries >= directLinkRules.maxTries;
    await links.updateClaim(tx, appId, claim.id, { failedTries, ...(dead ? { codeHash: null } : {}) });
    return refused(
      dead
        ? new AppError('CODE_LOCKED', 'Too many wrong codes: fill in the form again to get a new one.', { details: { triesLeft: 0 } })
        : new AppError('CODE_INVALID', undefined, { details: { triesLeft: directLinkRules.maxTries - failedTries } }),
    );
  });
}

/** The publisher, acting: the requests' owner and sender. Gone, deactivated or no longer a sender: the link is closed. */
async function publisherActor(db: Executor, link: links.LinkRow, ip: string): Promise<Actor> {
  const user = link.publishedBy ? await findUserById(db, link.publishedBy) : undefined;
  const permissions = new Set(user ? permissionsFor(user.profile, user.isProductAdmin) : []);
  if (!user?.active || user.appId !== link.appId || !permissions.has('signatures.create')) throw unavailable();
  return {
    appId: link.appId,
    userId: user.id,
    profile: user.profile,
    isProductAdmin: user.isProductAdmin,
    permissions,
    realUserId: user.id,
    sessionId: `direct-link:${link.id}`,
    ip,
  };
}

/** Where the visitor signs: their signer (the first role) in the request. */
async function visitorSigningPage(platform: Platform, appId: string, requestId: string) {
  return platform.database.inTenant(appId, async (tx) => {
    const request = await requestForSigning(tx, appId, requestId);
    const signer = (await signersOfRequests(tx, appId, [requestId])).find((s) => s.signerIndex === 0);
    if (!request?.expiresAt || !signer) throw unavailable();
    const ids = { appId, requestId, signerId: signer.id, expiresAt: request.expiresAt };
    return { requestId, token: signingLinkToken(platform, ids), url: signingLink(platform, ids) };
  });
}

/** Another verify of the same claim made the request first: this one's transaction is rolled back. */
class ClaimAlreadyUsed extends Error {}

/**
 * POST …/claims/:claimId/verify: the right code makes the request from the template's current version, the visitor
 * as its first role, sent at once; the use is counted in the same transaction (never past `max_uses`). Verifying a
 * claim again answers the same request.
 */
export async function verifyDirectLinkClaim(opts: { platform: Platform; slug: string; claimId: string; code: string; ip: string; hostAppId?: string | null }) {
  const { platform, slug, claimId, ip } = opts;
  const appId = await tenantOf(platform, slug, opts.hostAppId);
  const outcome = await checkClaimCode(platform, appId, slug, claimId, opts.code);
  if (outcome.kind === 'refused') throw outcome.error;
  if (outcome.kind === 'made') return visitorSigningPage(platform, appId, outcome.requestId);
  const { claim, open } = outcome;
  const { link } = open;
  const actor = await publisherActor(platform.database.db, link, ip);
  const verifiedAt = claim.verifiedAt!.toISOString();
  try {
    const { view } = await createRequestFromTemplate({
      platform,
      actor,
      id: link.templateId,
      input: {
        roles: [
          { role: 0, firstname: claim.firstname, lastname: claim.lastname, emailAddress: claim.email, language: claim.language as PersonLanguage | null },
        ],
        send: true,
      },
      origin: {
        provenance: (made) => ({
          kind: 'direct_link',
          linkId: link.id,
          ...made,
          emailVerifiedAt: verifiedAt,
          visitorIp: ip,
          summary: `created from direct link "${made.templateName}" v${made.templateVersion}, e-mail ${claim.email} verified by code at ${verifiedAt}, IP ${ip}`,
        }),
        within: async (tx, requestId) => {
          const now = platform.clock();
          const counted = await links.takeUse(tx, appId, link.id, now);
          if (!counted) {
            // Turned off, expired or used up since the code check (e.g. another visitor took the last use).
            const current = await links.lockLink(tx, appId, link.id);
            throw unavailable((current && closedReason(current, now)) ?? undefined);
          }
          if (!(await links.attachRequest(tx, appId, claim.id, requestId))) throw new ClaimAlreadyUsed();
          await audit(tx, {
            appId,
            actorUserId: actor.realUserId,
            action: 'request_template.direct_link_used',
            targetType: 'request_template',
            targetId: link.templateId,
            data: { linkId: link.id, claimId: claim.id, requestId, email: claim.email, useCount: counted.useCount },
            ip,
          });
        },
      },
    });
    return visitorSigningPage(platform, appId, view.row.id);
  } catch (error) {
    if (!(error instanceof ClaimAlreadyUsed)) throw error;
    const outcomeAgain = await checkClaimCode(platform, appId, slug, claimId, opts.code);
    if (outcomeAgain.kind !== 'made') throw error;
    return visitorSigningPage(platform, appId, outcomeAgain.requestId);
  }
}
