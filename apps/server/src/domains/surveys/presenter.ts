import type { SurveyConnection } from '@paraphe/contracts';
import type { SurveyConnectionRow } from './repository.ts';

/** What the panel and the application view show: never the token. */
export function presentConnection(row: SurveyConnectionRow | undefined, invitationsSent: number): SurveyConnection {
  return {
    connected: !!row,
    provider: row?.provider ?? null,
    accountName: row?.accountName ?? null,
    accountEmail: row?.accountEmail ?? null,
    formId: row?.formId ?? null,
    formTitle: row?.formTitle ?? null,
    formUrl: row?.formUrl ?? null,
    enabled: row?.enabled ?? false,
    state: row?.state ?? null,
    lastError: row?.lastError ?? null,
    connectedBy: row?.connectedBy ?? null,
    connectedAt: row?.connectedAt.toISOString() ?? null,
    invitationsSent,
  };
}
