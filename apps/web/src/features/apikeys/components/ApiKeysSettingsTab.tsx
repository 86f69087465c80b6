import { Alert, Badge, Button, Code, CopyButton, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import type { ApiKey } from '@paraphe/contracts';
import { notify, notifyApiError } from '../../../shared/api/notify.ts';
import { formatDate, formatDateTime } from '../../../shared/format.ts';
import { useApiKeys, useRevokeApiKey } from '../api.ts';
import { CreateApiKeyForm } from './CreateApiKeyForm.tsx';

/** The secret of a new key, shown this once, with a copy button. */
function SecretOnce({ secret }: { secret: string }) {
  const { t } = useTranslation('apikeys');
  return (
    <Stack gap="sm">
      <Alert color="yellow">{t('secret.once')}</Alert>
      <Code block data-testid="api-key-secret">
        {secret}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button onClick={copy} color={copied ? 'teal' : undefined}>
              {copied ? t('secret.copied') : t('secret.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={() => modals.closeAll()}>
          {t('secret.done')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Settings → API keys (permission apikeys.manage, feature api): the keys of the public API /api/v1 (docs/api-v1.md). */
export function ApiKeysSettingsTab() {
  const { t, i18n } = useTranslation('apikeys');
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();

  const openCreate = () => {
    const id = modals.open({
      title: t('form.title'),
      children: (
        <CreateApiKeyForm
          onCancel={() => modals.close(id)}
          onCreated={(secret) => {
            modals.close(id);
            modals.open({ title: t('secret.title'), children: <SecretOnce secret={secret} />, closeOnClickOutside: false });
          }}
        />
      ),
    });
  };
  const confirmRevoke = (key: ApiKey) =>
    modals.openConfirmModal({
      title: t('revoke.title'),
      children: <Text size="sm">{t('revoke.confirm', { label: key.label, prefix: key.prefix })}</Text>,
      labels: { confirm: t('revoke.action'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate(key.id, { onSuccess: () => notify(t('revoke.done'), 'success'), onError: notifyApiError }),
    });

  const statusOf = (key: ApiKey) => (key.revokedAt ? 'revoked' : key.expiresAt && new Date(key.expiresAt) <= new Date() ? 'expired' : 'active');
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Title order={4}>{t('title')}</Title>
          <Text size="sm" c="dimmed">
            {t('intro')}
          </Text>
        </div>
        <Button onClick={openCreate}>{t('create')}</Button>
      </Group>
      {keys.isPending && <Loader />}
      {keys.data?.length === 0 && <Text c="dimmed">{t('empty')}</Text>}
      {!!keys.data?.length && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.label')}</Table.Th>
                <Table.Th>{t('columns.prefix')}</Table.Th>
                <Table.Th>{t('columns.scopes')}</Table.Th>
                <Table.Th>{t('columns.lastUsed')}</Table.Th>
                <Table.Th>{t('columns.expires')}</Table.Th>
                <Table.Th>{t('columns.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.map((key) => {
                const status = statusOf(key);
                return (
                  <Table.Tr key={key.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {key.label}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('createdBy', { date: formatDate(key.createdAt, i18n.language), name: key.createdBy?.name ?? '—' })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Code>{`${key.prefix}…`}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {key.scopes.map((scope) => (
                          <Badge key={scope} variant="light">
                            {t(`scopes.${scope}`)}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt, i18n.language) : t('never')}</Table.Td>
                    <Table.Td>{key.expiresAt ? formatDate(key.expiresAt, i18n.language) : t('noExpiry')}</Table.Td>
                    <Table.Td>
                      <Badge color={status === 'active' ? 'green' : 'gray'}>{t(`status.${status}`)}</Badge>
                    </Table.Td>
                    <Table.Td>
                      {status !== 'revoked' && (
                        <Button size="xs" variant="subtle" color="red" onClick={() => confirmRevoke(key)}>
                          {t('revoke.action')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
