import { timestampEndpoints, verificationEndpoints } from '@paraphe/contracts';
import { defineModule } from '../../platform/modules.ts';
import { referencedKeys } from './repository.ts';
import { timestampRoutes } from './routes.ts';

/** Time-stamping of files (feature `timestamp`) and the verification of signed or time-stamped files, public too. */
export const timestampsModule = defineModule({
  name: 'timestamps',
  endpoints: [timestampEndpoints, verificationEndpoints],
  routes: timestampRoutes,
  // The time-stamped PDFs, tokens and receipts: kept while their row exists.
  storageReferences: (platform, keys) => platform.database.inSystem((tx) => referencedKeys(tx, [...keys])),
});
