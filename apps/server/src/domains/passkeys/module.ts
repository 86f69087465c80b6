import { passkeyEndpoints } from '@paraphe/contracts';
import { defineJob, defineModule } from '../../platform/modules.ts';
import { passkeyRoutes } from './routes.ts';
import { deleteStaleChallenges } from './repository.ts';

export const passkeysModule = defineModule({
  name: 'passkeys',
  endpoints: [passkeyEndpoints],
  routes: passkeyRoutes,
  jobs: [
    // Challenges live five minutes: what is left of them (used or not) goes each night.
    defineJob({
      queue: 'passkey-challenges-purge',
      schedule: '41 3 * * *',
      run: async (platform) => {
        await platform.database.inSystem((tx) => deleteStaleChallenges(tx, platform.clock()));
      },
    }),
  ],
});
