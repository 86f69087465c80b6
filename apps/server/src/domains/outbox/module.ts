import { outboxEndpoints } from '@paraphe/contracts';
import { defineModule } from '../../platform/modules.ts';
import { outboxRoutes } from './routes.ts';

/** The Outbox screen over the platform's messaging (mails and SMS sent or captured). */
export const outboxModule = defineModule({ name: 'outbox', endpoints: [outboxEndpoints], routes: outboxRoutes });
