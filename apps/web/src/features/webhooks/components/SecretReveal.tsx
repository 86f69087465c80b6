import { Alert, Button, Code, CopyButton, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A signing secret, shown once (after creation or rotation): copy it, then close. */
export function SecretReveal({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation('webhooks');
  return (
    <Stack>
      <Alert color="yellow" variant="light">
        {t('secret.once')}
      </Alert>
      <Code block data-testid="webhook-secret">
        {secret}
      </Code>
      <Group justify="space-between">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? t('secret.copied') : t('secret.copy')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{t('secret.done')}</Button>
      </Group>
    </Stack>
  );
}
