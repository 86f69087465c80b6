import type { Executor } from '../../platform/db/client.ts';
import * as links from './repository-link.ts';
import type { TemplateRow } from './repository.ts';

/** A direct link's state: the template pages show it (service.ts), the public calls check it (direct-links.ts). */

/** Why visitors cannot use the link now (its own state only), or null. */
export function closedReason(link: links.LinkRow, now: Date): string | null {
  if (!link.enabled) return 'This link was turned off by its publisher.';
  if (link.expiresAt && link.expiresAt <= now) return `This link expired on ${link.expiresAt.toISOString().slice(0, 10)}.`;
  if (link.maxUses !== null && link.useCount >= link.maxUses) return 'This link has been used as many times as its publisher allowed.';
  return null;
}

export const isLive = (link: links.LinkRow, template: Pick<TemplateRow, 'archivedAt'>, now: Date) =>
  !closedReason(link, now) && !template.archivedAt && link.publishedBy !== null;

/** The template list and detail: whether the template has a link, whether visitors can use it, its uses. */
export async function linkStatesOf(db: Executor, appId: string, templates: TemplateRow[], now: Date) {
  const rows = await links.linksOfTemplates(
    db,
    appId,
    templates.map((t) => t.id),
  );
  return new Map(
    templates.flatMap((t) => {
      const link = rows.get(t.id);
      return link ? [[t.id, { enabled: link.enabled, live: isLive(link, t, now), useCount: link.useCount }] as const] : [];
    }),
  );
}
