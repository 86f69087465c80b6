import { Button } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { MessagePage } from '../../../shared/ui/MessagePage.tsx';
import { useMaintenanceStatus } from '../api.ts';

/**
 * `/maintenance` (spec §2, §8): the administrator's message and expected end while maintenance is on; back to the
 * page the user was on (or `/`) as soon as it is off (polled every 30 s, or at once with "Try again").
 */
export function MaintenancePage() {
  const { t, i18n } = useTranslation('support');
  const status = useMaintenanceStatus();
  // Back where the user was (a signing link, a screen), or to `/` when the page was opened directly (spec §2).
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  if (status.data && !status.data.enabled) return <Navigate to={typeof from === 'string' && from.startsWith('/') ? from : '/'} replace />;
  const state = status.data;
  const until = state?.expectedEndAt ? t('maintenance.until', { time: formatDateTime(state.expectedEndAt, i18n.language) }) : t('maintenance.soon');
  return (
    <MessagePage
      icon={<IconTool size={40} aria-hidden />}
      title={t('maintenance.title')}
      text={[state?.message || t('maintenance.text'), until].join(' ')}
      action={
        <Button variant="light" loading={status.isFetching} onClick={() => void status.refetch()}>
          {t('maintenance.retry')}
        </Button>
      }
    />
  );
}
