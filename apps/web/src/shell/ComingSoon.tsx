import { Alert, Stack, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** An honest placeholder for a screen a later version delivers: its title, no invented data. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={2}>{t(titleKey)}</Title>
      <Alert icon={<IconHourglass size={20} />} title={t('comingSoon.title')} color="gray" variant="light">
        {t('comingSoon.text')}
      </Alert>
    </Stack>
  );
}
