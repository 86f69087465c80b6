import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCertificate, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * `signatures/new_qualified`: what a qualified signature requires (spec §5). The server refuses level 3
 * (QUALIFIED_CERTIFICATE_REQUIRED) until certificates can be ordered, so no form pretends otherwise.
 */
export function QualifiedSignaturePage() {
  const { t } = useTranslation('signatures');
  return (
    <Stack gap="md" maw={720}>
      <Title order={2}>{t('qualified.title')}</Title>
      <Alert icon={<IconCertificate size={20} />} color="blue" variant="light">
        <Text size="sm">{t('qualified.text')}</Text>
      </Alert>
      <Alert icon={<IconInfoCircle size={20} />} color="gray" variant="light">
        <Text size="sm">{t('qualified.notYet')}</Text>
      </Alert>
      <Group>
        <Button component={Link} to="/settings/profile" variant="default">{t('qualified.toProfile')}</Button>
        <Button component={Link} to="/signatures/new">{t('qualified.toSimple')}</Button>
      </Group>
    </Stack>
  );
}
