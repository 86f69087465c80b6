import { searchEndpoints } from '@paraphe/contracts';
import { defineModule } from '../../platform/modules.ts';
import { searchRoutes } from './routes.ts';

/** The one-box search over requests, campaigns, operations and contacts (docs/lists.md, "Search"). */
export const searchModule = defineModule({ name: 'search', endpoints: [searchEndpoints], routes: searchRoutes });
