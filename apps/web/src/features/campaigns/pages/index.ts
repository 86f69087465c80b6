/** The form and the view, loaded together: they share nearly all their code (one preload list in the first load, not two). */
export { CampaignFormPage } from './CampaignFormPage.tsx';
export { CampaignViewPage } from './CampaignViewPage.tsx';
