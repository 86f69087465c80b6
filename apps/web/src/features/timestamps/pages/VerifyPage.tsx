import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VerifyForm } from '../components/VerifyForm.tsx';

/** `#/verify`: the public verification page (no login, nothing stored, 20 MB, rate-limited by the server). */
export function VerifyPage() {
  const { t } = useTranslation('timestamps');
  return (
    <Stack>
      <Title order={2}>{t('verify.title')}</Title>
      <Text size="sm">{t('verify.intro')}</Text>
      <VerifyForm publicPage />
    </Stack>
  );
}
