// The campaigns domain's public surface. Other domains use nothing else of the folder.
export { campaignsModule } from './module.ts';
/** The home dashboard: current campaign and mailing, the latest in progress (their own counters). */
export { campaignOverview } from './overview.ts';
/** The one-box search (search domain): campaigns the actor sees, by label. */
export { searchCampaigns } from './service.ts';
export {
  campaignsPastRetention,
  eraseSignatoriesOf,
  purgeCampaign,
  signatoriesOfPerson,
  unsentSignatoriesOf,
  type CampaignPurgeStep,
  type PersonSignatoryView,
} from './retention.ts';
/** The public API (apikeys domain, /api/v1/campaigns): create, list, read, follow, launch, cancel, the signatories page by page. */
export { cancelCampaign, createCampaign, getCampaign, listCampaigns, listSignatories as listCampaignSignatories, sendCampaign } from './service.ts';
export { presentCampaign, presentSignatory, statisticsOf as campaignStatisticsOf } from './presenter.ts';
