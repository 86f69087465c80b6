import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Center, Group, Loader, Modal, Table, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { IssuingCompany } from '@paraphe/contracts';
import { useIssuingCompanies } from '../invoicingApi.ts';
import { IssuingCompanyForm } from './IssuingCompanyForm.tsx';

/** The issuing companies (sellers) and whether each can issue; a company still to complete says which fields. */
export function IssuingCompaniesPanel() {
  const { t } = useTranslation('billing');
  const companies = useIssuingCompanies();
  // null: closed; 'new': a new company; otherwise the company edited.
  const [editing, setEditing] = useState<IssuingCompany | 'new' | null>(null);
  if (!companies.data)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  return (
    <>
      <Group justify="space-between" mb="sm">
        <Text size="sm" c="dimmed" maw={640}>
          {t('issuers.intro')}
        </Text>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('issuers.add')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('issuers.fields.name')}</Table.Th>
              <Table.Th>{t('issuers.fields.siren')}</Table.Th>
              <Table.Th>{t('issuers.fields.invoicePrefix')}</Table.Th>
              <Table.Th>{t('issuers.state')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {companies.data.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {c.name}
                  </Text>
                  {c.isDefault && (
                    <Text size="xs" c="dimmed">
                      {t('issuers.default')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{c.siren}</Table.Td>
                <Table.Td>{c.invoicePrefix}</Table.Td>
                <Table.Td>
                  {c.problems.length ? (
                    <Tooltip label={c.problems.map((p) => t(`issuers.fields.${p.field}`)).join(', ')}>
                      <Badge color="orange" variant="light">
                        {t('issuers.incomplete')}
                      </Badge>
                    </Tooltip>
                  ) : (
                    <Badge color="teal" variant="light">
                      {t('issuers.ready')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" aria-label={t('issuers.edit', { name: c.name })} onClick={() => setEditing(c)}>
                    <IconPencil size={18} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} size="lg" title={editing === 'new' ? t('issuers.add') : t('issuers.editTitle')}>
        {editing !== null && <IssuingCompanyForm company={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
    </>
  );
}

/**
 * Above the sales tabs: while an issuing company carries the installation's placeholders, no invoice can be issued;
 * the alert says so and opens the tab where it is filled.
 */
export function IncompleteIssuerAlert({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation('billing');
  const companies = useIssuingCompanies();
  const incomplete = companies.data?.filter((c) => c.problems.length) ?? [];
  if (!incomplete.length) return null;
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('issuers.alertTitle')}>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">{t('issuers.alert', { names: incomplete.map((c) => c.name).join(', ') })}</Text>
        <Button size="xs" variant="light" color="orange" onClick={onOpen}>
          {t('issuers.complete')}
        </Button>
      </Group>
    </Alert>
  );
}
