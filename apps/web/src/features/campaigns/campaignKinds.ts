import type { CampaignType } from '@paraphe/contracts';

/**
 * The two kinds of campaign share their screens: classic (`campain`, spec §2 `campaigns/…`) and mail-merge
 * (`publipostage`, `publipostage/…`: a template filled per signatory, docs/campaigns.md). What differs is the
 * address of their screens and the list's title; the mail-merge screens add the template and its mapping.
 */
export const basePathOf: Record<CampaignType, string> = { campain: '/campaigns', publipostage: '/publipostage' };
/** The title of a kind's list (and of its breadcrumbs), a key of the campaigns namespace. */
export const titleKeyOf: Record<CampaignType, 'title' | 'mailMerge.title'> = { campain: 'title', publipostage: 'mailMerge.title' };
/** The kind's "new" button and form title. */
export const newKeyOf: Record<CampaignType, 'new' | 'mailMerge.new'> = { campain: 'new', publipostage: 'mailMerge.new' };

export const viewPath = (type: CampaignType, id: string) => `${basePathOf[type]}/view/${id}`;
export const editPath = (type: CampaignType, id: string) => `${basePathOf[type]}/edit/${id}`;
export const listPath = (type: CampaignType) => `${basePathOf[type]}/list`;
