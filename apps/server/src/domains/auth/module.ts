import { authEndpoints } from '@paraphe/contracts';
import { defineJob, defineModule } from '../../platform/modules.ts';
import { authRoutes } from './routes.ts';
import { authTemplates } from './templates.ts';
import { passwordResetQueue, runPasswordResetJob, type PasswordResetJob } from './links.ts';
import { purgeStaleThrottles } from './throttle.ts';

export const authModule = defineModule({
  name: 'auth',
  endpoints: [authEndpoints],
  routes: authRoutes,
  templates: authTemplates,
  jobs: [
    defineJob<PasswordResetJob>({ queue: passwordResetQueue, run: (platform, data) => runPasswordResetJob(platform, data) }),
    defineJob({
      queue: 'auth-throttle-purge',
      schedule: '23 3 * * *',
      run: (platform) => platform.database.inSystem((tx) => purgeStaleThrottles(tx, platform.clock())),
    }),
  ],
});
