import { Alert, Stack, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * An honest placeholder for a screen a later version delivers: its title, no invented data. The title is a
 * key of the common namespace (`screens.…`) or a text the caller translated.
 */
export function ComingSoon(props: { titleKey: string } | { title: string }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={2}>{'title' in props ? props.title : t(props.titleKey)}</Title>
      <Alert icon={<IconHourglass size={20} />} title={t('comingSoon.title')} color="gray" variant="light">
        {t('comingSoon.text')}
      </Alert>
    </Stack>
  );
}
