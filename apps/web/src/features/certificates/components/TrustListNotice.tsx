import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Honesty (docs/qualified.md): the platform CA is not a QTSP on the EU trusted list. */
export function TrustListNotice() {
  const { t } = useTranslation('certificates');
  return (
    <Alert icon={<IconInfoCircle size={20} />} color="yellow" variant="light">
      <Text size="sm">{t('notTrustedList')}</Text>
    </Alert>
  );
}
