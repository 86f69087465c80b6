import { Badge, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format.ts';
import { useCrmAdminState } from '../api.ts';

/** The HubSpot card's state in the product administrator's application view: connected or not, since, by whom. */
export function CrmAdminState({ appId }: { appId: string }) {
  const { t, i18n } = useTranslation('crm');
  const state = useCrmAdminState(appId);
  if (state.isPending) return <Loader size="xs" />;
  const data = state.data?.data;
  if (!data?.connected)
    return (
      <Badge variant="light" color="gray">
        {t('notConnected')}
      </Badge>
    );
  return (
    <>
      <Badge variant="light" color={data.state === 'broken' ? 'orange' : 'teal'}>
        {data.state === 'broken' ? t('broken') : t('connected')}
      </Badge>
      <Text size="xs" c="dimmed">
        {t('connectedBy', { name: data.connectedBy ?? '—', date: formatDate(data.connectedAt, i18n.language) })}
      </Text>
    </>
  );
}
