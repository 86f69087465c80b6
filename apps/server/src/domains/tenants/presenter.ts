import type { ApplicationSummary } from '@paraphe/contracts';
import type { ApplicationView } from './views.ts';
import { featuresOf, settingsOf } from './service.ts';

/** What every user sees of their tenant (/me). */
export function presentApplicationSummary(row: ApplicationView): ApplicationSummary {
  return {
    id: row.id,
    company: row.company,
    pack: row.pack,
    enabled: row.enabled,
    testMode: row.testMode,
    features: featuresOf(row),
    themeColor: settingsOf(row).themeColor,
    isPlatform: row.isPlatform,
  };
}
