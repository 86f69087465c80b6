/**
 * Public surface of the surveys feature (the Typeform connector): its panel, mounted by the settings screen's
 * Marketplace tab, and the survey card's state for the product administrator's application view. Lazy: the code
 * and the `surveys` texts load when first shown.
 */
import { lazy } from 'react';
import { loadNamespaces } from '../../shared/i18n/i18n.ts';

export const SurveyConnectorPanel = lazy(() =>
  Promise.all([import('./components/SurveyConnectorPanel.tsx'), loadNamespaces('surveys')]).then(([m]) => ({ default: m.SurveyConnectorPanel })),
);

export const SurveyCardState = lazy(() =>
  Promise.all([import('./components/SurveyCardState.tsx'), loadNamespaces('surveys')]).then(([m]) => ({ default: m.SurveyCardState })),
);
