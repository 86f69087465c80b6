import { ActionIcon, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconFileExport, IconFileImport, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@paraphe/contracts';
import { notifyApiError } from '../../../shared/api/notify.ts';
import { languageNames } from '../../../shared/i18n/language.ts';
import { ListToolbar } from '../../../shared/list/ListToolbar.tsx';
import { PaginatedTable, type Column } from '../../../shared/list/PaginatedTable.tsx';
import { cursorQuery, useCursorTrail } from '../../../shared/list/cursorPaging.ts';
import { isNarrowed } from '../../../shared/list/emptyState.ts';
import { listQueryOf } from '../../../shared/list/listParams.ts';
import { useListParams } from '../../../shared/list/useListParams.ts';
import { useMe } from '../../auth/index.ts';
import { downloads, useContactsList } from '../api.ts';
import { contactDisplayName } from '../contactName.ts';
import { contactSortOf, sortChanges } from '../listSort.ts';
import { useContactActions } from '../useContactActions.tsx';
import { EmptyAddressBook } from '../components/EmptyAddressBook.tsx';

const filterNames = ['sort', 'dir'] as const;

/** `phonebooks/list`: search, sort, pagination; new, import, export; edit and delete per row. */
export function ContactsListPage() {
  const { t } = useTranslation('contacts');
  const me = useMe();
  const navigate = useNavigate();
  const { params, update } = useListParams(filterNames);
  const { orderBy, order } = contactSortOf(params.filters);
  const numbered = { ...listQueryOf(params, {}), orderBy, order };
  // Past the numbered pages, by cursor (docs/lists.md): the trail starts again when the search, order or page change.
  const cursors = useCursorTrail(JSON.stringify(numbered));
  const query = { ...numbered, ...cursorQuery(cursors.trail, numbered) };
  const list = useContactsList(query);
  const actions = useContactActions();
  const [exporting, setExporting] = useState(false);
  const canManage = me.permissions.includes('phonebook.manage');

  const exportContacts = () => {
    setExporting(true);
    // The export takes the list's search and sort, every page.
    downloads
      .export({ search: query.search, orderBy, order })
      .catch(notifyApiError)
      .finally(() => setExporting(false));
  };

  const columns: Column<Contact>[] = [
    {
      key: 'lastname',
      header: t('fields.name'),
      sortable: true,
      render: (c) => (
        <Text size="sm" fw={500}>
          {contactDisplayName(c)}
        </Text>
      ),
    },
    { key: 'mail', header: t('fields.email'), sortable: true, render: (c) => c.mail },
    { key: 'company', header: t('fields.company'), sortable: true, render: (c) => c.company ?? '', visibleFrom: 'sm' },
    { key: 'mobile', header: t('fields.mobile'), render: (c) => c.mobile ?? '', visibleFrom: 'md' },
    { key: 'lang', header: t('fields.language'), render: (c) => languageNames[c.lang], visibleFrom: 'md' },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      header: t('common.actions'),
      render: (c) => (
        <Group gap={4} wrap="nowrap" onClick={(e) => e.stopPropagation()}>
          <Tooltip label={t('common.edit')}>
            <ActionIcon variant="subtle" component={Link} to={`/phonebooks/${c.id}`} aria-label={t('editOf', { name: contactDisplayName(c) })}>
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('common.delete')}>
            <ActionIcon variant="subtle" color="red" onClick={() => actions.remove(c)} aria-label={t('deleteOf', { name: contactDisplayName(c) })}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    });
  }

  // Empty without a search: the address book itself is empty (not the search's outcome).
  const bookIsEmpty = list.data?.countAll === 0 && !query.search && !list.isPlaceholderData;

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2}>{t('title')}</Title>
        {/* An empty book shows its own invitation to add or import (and nothing to export). */}
        {list.data && !bookIsEmpty && (
          <Group gap="xs">
            {canManage && (
              <>
                <Button component={Link} to="/phonebooks/new" leftSection={<IconPlus size={16} />}>
                  {t('new')}
                </Button>
                <Button component={Link} to="/phonebooks/import" variant="light" leftSection={<IconFileImport size={16} />}>
                  {t('import.action')}
                </Button>
              </>
            )}
            <Button variant="default" leftSection={<IconFileExport size={16} />} loading={exporting} onClick={exportContacts}>
              {t('export')}
            </Button>
          </Group>
        )}
      </Group>
      {bookIsEmpty ? (
        <EmptyAddressBook canManage={canManage} />
      ) : (
        <>
          <ListToolbar search={params.search} onSearch={(q) => update({ q })} searchLabel={t('search')} />
          <PaginatedTable
            caption={t('title')}
            empty={{
              nothingYet: t('emptyList.contacts.nothingYet'),
              nothingMatches: t('emptyList.contacts.nothingMatches'),
              narrowed: isNarrowed(query.search),
            }}
            columns={columns}
            list={list.data}
            loading={list.isFetching}
            rowKey={(c) => c.id}
            page={params.page}
            pageSize={params.pageSize}
            onPage={(page) => update({ page })}
            onPageSize={(size) => update({ size })}
            sort={{ by: orderBy, order }}
            onSort={(sort) => {
              const changes = sortChanges(sort);
              if (changes) update(changes);
            }}
            onRowClick={canManage ? (c) => void navigate(`/phonebooks/${c.id}`) : undefined}
            {...cursors.tableProps}
          />
        </>
      )}
    </Stack>
  );
}
