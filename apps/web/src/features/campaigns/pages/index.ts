import { createElement, type ComponentType } from 'react';
import type { CampaignType } from '@paraphe/contracts';
import { CampaignFormPage } from './CampaignFormPage.tsx';

/** The form and the view, loaded together: they share nearly all their code (one preload list in the first load, not two). */
export { CampaignViewPage } from './CampaignViewPage.tsx';

const formPages: Partial<Record<CampaignType, ComponentType>> = {};
/** The form of a kind (a new campaign's kind is its route's; a saved one keeps its own). */
export function formPageOf(type: CampaignType): ComponentType {
  return (formPages[type] ??= () => createElement(CampaignFormPage, { type }));
}
