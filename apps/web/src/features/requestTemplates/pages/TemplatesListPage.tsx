import { ActionIcon, Badge, Button, Checkbox, Group, Menu, Select, Stack, Text, Title } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconCopy,
  IconDots,
  IconEdit,
  IconFileDescription,
  IconPlayerPlay,
  IconPlus,
  IconStack2,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { templateVisibilities, type RequestTemplateSummary } from '@paraphe/contracts';
import { ListToolbar } from '../../../shared/list/ListToolbar.tsx';
import { PaginatedTable, type Column } from '../../../shared/list/PaginatedTable.tsx';
import { useListParams } from '../../../shared/list/useListParams.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useMe } from '../../auth/index.ts';
import { useTemplatesList } from '../api.ts';
import { isTemplateListNarrowed, templateFilterNames, templateListQuery, templateStates } from '../listQuery.ts';
import { useTemplateActions } from '../components/useTemplateActions.tsx';
import { VisibilityBadge } from '../components/VisibilityBadge.tsx';

/** `templates/list`: search, state / visibility / mine filters, pagination; use, start a campaign, edit, duplicate, archive or restore. */
export function TemplatesListPage() {
  const { t, i18n } = useTranslation('requestTemplates');
  const navigate = useNavigate();
  const { params, update } = useListParams(templateFilterNames);
  const query = templateListQuery(params);
  const list = useTemplatesList(query);
  const actions = useTemplateActions();
  const me = useMe();
  const usable = (r: RequestTemplateSummary) => r.archivedAt === null;
  // A campaign sends each signatory a copy they sign alone: a template with one role (the server checks it is a signer).
  const campaignable = (r: RequestTemplateSummary) => usable(r) && r.roleNames.length === 1 && me.permissions.includes('campaigns.manage');
  // An order of an operation signs one document: a template with one (its roles may be several).
  const operable = (r: RequestTemplateSummary) => usable(r) && r.documentCount === 1 && me.permissions.includes('operations.manage');
  const narrowed = isTemplateListNarrowed(params);

  const rowMenu = (r: RequestTemplateSummary) => (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('actionsFor', { name: r.name })} onClick={(e) => e.stopPropagation()}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
        {usable(r) && (
          <Menu.Item leftSection={<IconPlayerPlay size={16} />} component={Link} to={`/templates/use/${r.id}`}>
            {t('actions.use')}
          </Menu.Item>
        )}
        {campaignable(r) && (
          <Menu.Item leftSection={<IconUsersGroup size={16} />} onClick={() => actions.startCampaign(r)}>
            {t('actions.startCampaign')}
          </Menu.Item>
        )}
        {operable(r) && (
          <Menu.Item leftSection={<IconStack2 size={16} />} onClick={() => actions.startOperation(r)}>
            {t('actions.startOperation')}
          </Menu.Item>
        )}
        {r.editable && (
          <Menu.Item leftSection={<IconEdit size={16} />} component={Link} to={`/templates/edit/${r.id}`}>
            {t('actions.edit')}
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => actions.duplicate(r)}>
          {t('actions.duplicate')}
        </Menu.Item>
        {r.editable && usable(r) && (
          <Menu.Item color="red" leftSection={<IconArchive size={16} />} onClick={() => actions.archive(r)}>
            {t('actions.archive')}
          </Menu.Item>
        )}
        {r.editable && !usable(r) && (
          <Menu.Item leftSection={<IconArchiveOff size={16} />} onClick={() => actions.restore(r)}>
            {t('actions.restore')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );

  const columns: Column<RequestTemplateSummary>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500}>
            {r.name}
          </Text>
          {r.archivedAt && (
            <Badge size="xs" color="gray" variant="outline">
              {t('archived')}
            </Badge>
          )}
          {r.directLink?.live && (
            <Badge size="xs" color="teal" variant="light" title={t('directLink.uses', { count: r.directLink.useCount, max: '∞' })}>
              {t('directLink.badge')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'roles', header: t('columns.roles'), render: (r) => <Text size="sm">{r.roleNames.join(', ')}</Text>, visibleFrom: 'sm' },
    { key: 'documents', header: t('columns.documents'), render: (r) => r.documentCount, visibleFrom: 'md' },
    { key: 'visibility', header: t('columns.visibility'), render: (r) => <VisibilityBadge visibility={r.visibility} />, visibleFrom: 'sm' },
    { key: 'owner', header: t('columns.owner'), render: (r) => r.owner?.name ?? '—', visibleFrom: 'md' },
    { key: 'version', header: t('columns.version'), render: (r) => r.version, visibleFrom: 'md' },
    { key: 'uses', header: t('columns.uses'), render: (r) => r.useCount, visibleFrom: 'md' },
    { key: 'updated', header: t('columns.updated'), render: (r) => formatDateTime(r.updatedAt, i18n.language), visibleFrom: 'sm' },
    { key: 'actions', header: t('common.actions', { ns: 'common' }), render: rowMenu },
  ];

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2}>{t('title')}</Title>
        <Button component={Link} to="/templates/new" leftSection={<IconPlus size={16} />}>
          {t('new')}
        </Button>
      </Group>
      <ListToolbar search={params.search} onSearch={(q) => update({ q })} searchLabel={t('search')}>
        <Select
          label={t('filters.state')}
          data={templateStates.map((s) => ({ value: s, label: t(`states.${s}`) }))}
          value={query.state ?? 'active'}
          allowDeselect={false}
          onChange={(value) => update({ state: value === 'active' ? null : value })}
          w={160}
        />
        <Select
          label={t('filters.visibility')}
          placeholder={t('common.all', { ns: 'common' })}
          clearable
          data={templateVisibilities.map((v) => ({ value: v, label: t(`visibility.${v}`) }))}
          value={query.visibility ?? null}
          onChange={(value) => update({ visibility: value })}
          w={200}
        />
        <Checkbox label={t('filters.mine')} checked={query.mine === '1'} onChange={(e) => update({ mine: e.currentTarget.checked ? '1' : null })} mb={8} />
      </ListToolbar>
      <PaginatedTable
        caption={t('title')}
        empty={{ nothingYet: t('empty.nothingYet', { action: t('new') }), nothingMatches: t('empty.nothingMatches'), narrowed }}
        columns={columns}
        list={list.data}
        loading={list.isFetching}
        rowKey={(r) => r.id}
        page={params.page}
        pageSize={params.pageSize}
        onPage={(page) => update({ page })}
        onPageSize={(size) => update({ size })}
        onRowClick={(r) => {
          if (usable(r)) void navigate(`/templates/use/${r.id}`);
          else if (r.editable) void navigate(`/templates/edit/${r.id}`);
        }}
      />
      {list.data?.countAll === 0 && !narrowed && (
        <Group justify="center" gap="sm">
          <Button component={Link} to="/templates/new" variant="light" leftSection={<IconPlus size={16} />}>
            {t('empty.create')}
          </Button>
          <Button component={Link} to="/signatures/list" variant="default" leftSection={<IconFileDescription size={16} />}>
            {t('empty.fromRequest')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
