import { Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { packs, type Application } from '@paraphe/contracts';
import { ListToolbar } from '../../../shared/list/ListToolbar.tsx';
import { PaginatedTable, type Column } from '../../../shared/list/PaginatedTable.tsx';
import { isNarrowed } from '../../../shared/list/emptyState.ts';
import { listQueryOf, oneOf } from '../../../shared/list/listParams.ts';
import { useListParams } from '../../../shared/list/useListParams.ts';
import { formatDate } from '../../../shared/format.ts';
import { useApplicationsList } from '../api.ts';

const filterNames = ['enabled', 'pack'] as const;
const booleanFilter = ['true', 'false'] as const;

/** `applications/list` (product administrator): every tenant, searchable and filtered by status and pack. */
export function ApplicationsListPage() {
  const { t, i18n } = useTranslation('applications');
  const navigate = useNavigate();
  const { params, update } = useListParams(filterNames);
  const list = useApplicationsList(listQueryOf(params, { enabled: oneOf(params.filters.enabled, booleanFilter), pack: oneOf(params.filters.pack, packs) }));

  const columns: Column<Application>[] = [
    {
      key: 'company',
      header: t('fields.company'),
      render: (a) => (
        <Text size="sm" fw={500}>
          {a.company}
        </Text>
      ),
    },
    {
      key: 'owner',
      header: t('owner'),
      render: (a) => (
        <Text size="sm">
          {a.ownerName ?? '—'}
          <Text span c="dimmed" size="xs" display="block">
            {a.ownerEmail}
          </Text>
        </Text>
      ),
      visibleFrom: 'sm',
    },
    { key: 'pack', header: t('pack'), render: (a) => t(`packs.${a.pack}`), visibleFrom: 'sm' },
    {
      key: 'status',
      header: t('fields.status'),
      render: (a) => (
        <Group gap={4}>
          <Badge color={a.enabled ? 'teal' : 'red'} variant="light">
            {t(a.enabled ? 'enabled' : 'suspended')}
          </Badge>
          {a.testMode && (
            <Badge color="yellow" variant="light">
              {t('testMode')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'users', header: t('users'), render: (a) => a.userCount, visibleFrom: 'md' },
    { key: 'created', header: t('fields.createdAt'), render: (a) => formatDate(a.createdAt, i18n.language), visibleFrom: 'md' },
  ];

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2}>{t('screens.applications')}</Title>
        <Group gap="xs">
          <Button component={Link} to="/applications/legal-texts" variant="default">
            {t('legalTexts.title')}
          </Button>
          <Button component={Link} to="/applications/new" leftSection={<IconPlus size={16} />}>
            {t('new')}
          </Button>
        </Group>
      </Group>
      <ListToolbar search={params.search} onSearch={(q) => update({ q })} searchLabel={t('search')}>
        <Select
          label={t('fields.status')}
          placeholder={t('common.all')}
          clearable
          data={[
            { value: 'true', label: t('enabled') },
            { value: 'false', label: t('suspended') },
          ]}
          value={params.filters.enabled ?? null}
          onChange={(enabled) => update({ enabled })}
          w={170}
        />
        <Select
          label={t('pack')}
          placeholder={t('common.all')}
          clearable
          data={packs.map((p) => ({ value: p, label: t(`packs.${p}`) }))}
          value={params.filters.pack ?? null}
          onChange={(pack) => update({ pack })}
          w={170}
        />
      </ListToolbar>
      <PaginatedTable
        caption={t('screens.applications')}
        empty={{
          nothingYet: t('emptyList.applications.nothingYet', { action: t('new') }),
          nothingMatches: t('emptyList.applications.nothingMatches'),
          narrowed: isNarrowed(params.search, params.filters.enabled, params.filters.pack),
        }}
        columns={columns}
        list={list.data}
        loading={list.isFetching}
        rowKey={(a) => a.id}
        page={params.page}
        pageSize={params.pageSize}
        onPage={(page) => update({ page })}
        onPageSize={(size) => update({ size })}
        onRowClick={(a) => void navigate(`/applications/view/${a.id}`)}
      />
    </Stack>
  );
}
