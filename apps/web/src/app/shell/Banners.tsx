import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCommute, useMe } from '../../features/auth/index.ts';

/** Test-mode and commuted-mode banners above every authenticated screen. */
export function Banners() {
  const { t } = useTranslation();
  const me = useMe();
  const leave = useCommute();
  const viewedAs = `${me.user.firstName} ${me.user.lastName}`;
  return (
    <>
      {me.application.testMode && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} mb="md" role="status" py="xs">
          {t('banner.testMode')}
        </Alert>
      )}
      {me.commutedBy && (
        <Alert color="grape" icon={<IconUserShield size={18} />} mb="md" role="status" py="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('banner.commuted', { name: viewedAs, company: me.application.company })}</Text>
            <Button size="xs" variant="white" color="grape" loading={leave.isPending} onClick={() => leave.mutate(null)}>
              {t('banner.leaveCommute')}
            </Button>
          </Group>
        </Alert>
      )}
    </>
  );
}
