import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HelpRequestsPanel } from '../components/HelpRequestsPanel.tsx';
import { MaintenancePanel } from '../components/MaintenancePanel.tsx';

/** `applications/help` (product administrator): the maintenance switch and the help requests of every account. */
export function SupportAdminPage() {
  const { t } = useTranslation('support');
  return (
    <Stack>
      <Title order={2}>{t('screens.supportAdmin')}</Title>
      <MaintenancePanel />
      <HelpRequestsPanel />
    </Stack>
  );
}
