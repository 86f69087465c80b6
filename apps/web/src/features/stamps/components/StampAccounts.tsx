import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { StampAccount } from '@paraphe/contracts';
import { useTranslation } from 'react-i18next';
import { notifyApiError } from '../../../shared/api/notify.ts';
import { useDeleteAccount, useSetDefaultAccount } from '../api.ts';
import { BuiltinAccountForm, ImportAccountForm } from './AccountForms.tsx';
import { languageTag } from '@paraphe/contracts';

/** The tenant's stamp accounts: which is the default, until when each is valid; import, create, delete. */
export function StampAccounts({ accounts }: { accounts: StampAccount[] }) {
  const { t, i18n } = useTranslation('stamps');
  const [adding, setAdding] = useState<'import' | 'builtin' | null>(null);
  const setDefault = useSetDefaultAccount();
  const remove = useDeleteAccount();
  const day = (iso: string) => new Date(iso).toLocaleDateString(languageTag(i18n.language));
  return (
    <Paper withBorder p="md">
      <Stack>
        <Group justify="space-between">
          <Title order={3}>{t('accounts.title')}</Title>
          <Group gap="xs">
            <Button variant="default" onClick={() => setAdding('import')}>
              {t('accounts.import')}
            </Button>
            <Button variant="default" onClick={() => setAdding('builtin')}>
              {t('accounts.create')}
            </Button>
          </Group>
        </Group>
        {accounts.length === 0 ? (
          <Text c="dimmed">{t('accounts.none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table>
              <Table.Tbody>
                {accounts.map((account) => (
                  <Table.Tr key={account.id}>
                    <Table.Td>
                      <Text fw={500}>
                        {account.label} {account.isDefault && <Badge size="sm">{t('accounts.default')}</Badge>}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {account.subject}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t(`accounts.source.${account.source}`)} · {t('accounts.validUntil', { date: day(account.notAfter) })}
                      </Text>
                      {account.warnings.map((warning) => (
                        <Text key={warning} size="xs" c="orange">
                          {warning}
                        </Text>
                      ))}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end">
                        {!account.isDefault && (
                          <Button size="xs" variant="subtle" onClick={() => setDefault.mutate(account.id, { onError: notifyApiError })}>
                            {t('accounts.makeDefault')}
                          </Button>
                        )}
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() =>
                            window.confirm(t('accounts.confirmDelete', { label: account.label })) && remove.mutate(account.id, { onError: notifyApiError })
                          }
                        >
                          {t('accounts.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Modal opened={adding !== null} onClose={() => setAdding(null)} title={adding === 'import' ? t('accounts.import') : t('accounts.create')}>
        {adding === 'import' && <ImportAccountForm onDone={() => setAdding(null)} />}
        {adding === 'builtin' && <BuiltinAccountForm onDone={() => setAdding(null)} />}
      </Modal>
    </Paper>
  );
}
