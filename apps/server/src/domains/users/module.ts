import { userEndpoints } from '@paraphe/contracts';
import { defineModule } from '../../platform/modules.ts';
import { userRoutes } from './routes.ts';
import { userTemplates } from './templates.ts';

export const usersModule = defineModule({ name: 'users', endpoints: [userEndpoints], routes: userRoutes, templates: userTemplates });
