import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Passkey } from '@paraphe/contracts';
import { ApiError } from '../../../shared/api/apiError.ts';
import { notify, notifyApiError } from '../../../shared/api/notify.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { passkeyCanceled, passkeysSupported } from '../../../shared/webauthn.ts';
import { logout } from '../../auth/index.ts';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../passkeys.ts';

const report = (error: unknown) => !passkeyCanceled(error) && notifyApiError(error);

/** One passkey's row: its name (renamed in place), when it was made and last used, its removal (confirmed). */
function PasskeyRow({ passkey, onStale }: { passkey: Passkey; onStale: () => void }) {
  const { t, i18n } = useTranslation('profile');
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const save = () =>
    name !== null && rename.mutate({ id: passkey.id, name }, { onSuccess: () => setName(null), onError: report });
  const drop = () =>
    remove.mutate(passkey.id, {
      onSuccess: () => notify(t('passkeys.removed'), 'success'),
      onError: (error) => (error instanceof ApiError && error.code === 'REAUTHENTICATION_REQUIRED' ? onStale() : report(error)),
    });
  return (
    <Table.Tr>
      <Table.Td>
        {name === null ? (
          passkey.name
        ) : (
          <TextInput aria-label={t('passkeys.name')} size="xs" value={name} maxLength={100} onChange={(e) => setName(e.currentTarget.value)} />
        )}
      </Table.Td>
      <Table.Td>{formatDateTime(passkey.createdAt, i18n.language)}</Table.Td>
      <Table.Td>{passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt, i18n.language) : t('passkeys.neverUsed')}</Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {name === null ? (
            <Button size="xs" variant="subtle" onClick={() => setName(passkey.name)}>
              {t('passkeys.rename')}
            </Button>
          ) : (
            <Button size="xs" onClick={save} loading={rename.isPending}>
              {t('common.save')}
            </Button>
          )}
          <Button size="xs" color="red" variant={confirming ? 'filled' : 'subtle'} loading={remove.isPending} onClick={() => (confirming ? drop() : setConfirming(true))}>
            {t(confirming ? 'passkeys.confirmRemove' : 'passkeys.remove', { name: passkey.name })}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The profile's passkeys: list, add (the browser's dialog), rename, remove (a recent login required). */
export function PasskeysPanel() {
  const { t } = useTranslation('profile');
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [stale, setStale] = useState(false);
  const supported = passkeysSupported();
  const create = () =>
    add.mutate(name.trim() || t('passkeys.defaultName'), {
      onSuccess: () => {
        setName('');
        notify(t('passkeys.added'), 'success');
      },
      onError: report,
    });
  const rows = passkeys.data ?? [];
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={4}>{t('passkeys.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('passkeys.help')}
        </Text>
        {stale && (
          <Alert color="orange" role="alert">
            <Stack gap="xs" align="flex-start">
              {t('passkeys.reauthenticate')}
              <Button size="xs" variant="white" onClick={() => void logout()}>
                {t('passkeys.logInAgain')}
              </Button>
            </Stack>
          </Alert>
        )}
        {rows.length > 0 ? (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('passkeys.name')}</Table.Th>
                <Table.Th>{t('passkeys.created')}</Table.Th>
                <Table.Th>{t('passkeys.lastUsed')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((passkey) => (
                <PasskeyRow key={passkey.id} passkey={passkey} onStale={() => setStale(true)} />
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          passkeys.isSuccess && <Text size="sm">{t('passkeys.none')}</Text>
        )}
        {supported ? (
          <Group align="flex-end">
            <TextInput label={t('passkeys.newName')} placeholder={t('passkeys.defaultName')} maxLength={100} value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <Button leftSection={<IconFingerprint size={18} />} onClick={create} loading={add.isPending}>
              {t('passkeys.add')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('passkeys.unsupported')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
