import { campaignTransitions, type Campaign, type CampaignStatus, type FieldError, type SignatoryStatus } from '@paraphe/contracts';

/** What the view's header offers; `edit` opens the form of a draft, `downloadArchive` the last zip built. */
export type ScreenAction = 'edit' | 'send' | 'cancel' | 'relaunch' | 'retry' | 'duplicate' | 'delete' | 'export' | 'archive' | 'downloadArchive';

type ActionSubject = Pick<Campaign, 'status' | 'archiveAvailable'> & { failedCount: number };

/**
 * The header's actions: the contract's state machine (the server's verdict), narrowed to what makes sense on
 * screen — retry only with failed rows, the archive download once built — and to reading for who cannot manage.
 */
export function screenActions(campaign: ActionSubject, canManage: boolean): ScreenAction[] {
  const allowed = campaignTransitions[campaign.status];
  const actions: ScreenAction[] = [];
  if (canManage) {
    if (allowed.includes('update')) actions.push('edit');
    if (allowed.includes('send')) actions.push('send');
    if (allowed.includes('relaunch')) actions.push('relaunch');
    if (allowed.includes('retry') && campaign.failedCount > 0) actions.push('retry');
    if (allowed.includes('archive')) actions.push('archive');
  }
  if (campaign.archiveAvailable) actions.push('downloadArchive');
  if (allowed.includes('export')) actions.push('export');
  if (canManage) {
    if (allowed.includes('duplicate')) actions.push('duplicate');
    if (allowed.includes('cancel')) actions.push('cancel');
    if (allowed.includes('delete')) actions.push('delete');
  }
  return actions;
}

/** A signatory's copy can be cancelled (or, in a draft, the signatory removed) until it reached a final status. */
export function canCancelSignatory(campaignStatus: CampaignStatus, signatoryStatus: SignatoryStatus): boolean {
  if (!campaignTransitions[campaignStatus].includes('cancelSignatory')) return false;
  return ['draft', 'queued', 'sent', 'opened'].includes(signatoryStatus);
}

/** The time left of a dispatch, short: "45 s", "3 min 20 s", "1 h 05 min"; null (not measured yet) → undefined. */
export function formatEta(seconds: number | null): string | undefined {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return undefined;
  const total = Math.ceil(seconds);
  if (total < 60) return `${total} s`;
  if (total < 3600) {
    const rest = total % 60;
    return rest === 0 ? `${Math.floor(total / 60)} min` : `${Math.floor(total / 60)} min ${String(rest).padStart(2, '0')} s`;
  }
  return `${Math.floor(total / 3600)} h ${String(Math.floor((total % 3600) / 60)).padStart(2, '0')} min`;
}

/** Copies per minute, rounded for reading (a decimal only under 10). */
export function formatRate(perMinute: number | null): string | undefined {
  if (perMinute === null || !Number.isFinite(perMinute) || perMinute < 0) return undefined;
  return perMinute < 10 ? perMinute.toFixed(1) : String(Math.round(perMinute));
}

/** Signed share of a campaign's signatories, for the list (0 without signatories). */
export function percentSigned(campaign: Pick<Campaign, 'signatoryCount' | 'counts'>): number {
  return campaign.signatoryCount === 0 ? 0 : Math.round((campaign.counts.signed / campaign.signatoryCount) * 100);
}

/** The save rules of spec §5 as the server names them, by field, to word them in the user's language. */
export type SaveRule = 'label' | 'signatories' | 'documents' | 'template' | 'other';
const ruleOfField: [prefix: string, rule: SaveRule][] = [
  ['label', 'label'],
  ['transactionSigners', 'signatories'],
  ['transactionDocuments', 'documents'],
  ['mergeDocument', 'template'],
];
export function saveRuleOf(field: FieldError): SaveRule {
  return ruleOfField.find(([prefix]) => field.field === prefix || field.field.startsWith(`${prefix}.`))?.[1] ?? 'other';
}
