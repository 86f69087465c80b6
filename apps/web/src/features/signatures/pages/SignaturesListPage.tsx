import { ActionIcon, Button, Group, Menu, MultiSelect, Progress, Stack, Text, Title } from '@mantine/core';
import {
  IconBan,
  IconBuildingBank,
  IconCopy,
  IconDots,
  IconDownload,
  IconEye,
  IconFileSpreadsheet,
  IconPlus,
  IconRefresh,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { allowedActions, seesAllUsers, signatureStatuses, type SignatureRequest } from '@paraphe/contracts';
import { useMe } from '../../auth/index.ts';
import { ListToolbar } from '../../../shared/list/ListToolbar.tsx';
import { PaginatedTable, type Column } from '../../../shared/list/PaginatedTable.tsx';
import { cursorQuery, useCursorTrail } from '../../../shared/list/cursorPaging.ts';
import { isNarrowed } from '../../../shared/list/emptyState.ts';
import { useListParams } from '../../../shared/list/useListParams.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { notify } from '../../../shared/api/notify.ts';
import { downloads, useSignaturesList } from '../api.ts';
import { exportQueryOf, signatureListQuery, statusesOf } from '../listQuery.ts';
import { SignatureStatusBadge } from '../components/StatusBadge.tsx';
import { useSignatureActions } from '../useSignatureActions.tsx';
import { signatureErrorMessage } from '../errorMessages.ts';

const filterNames = ['status'] as const;

/** `signatures/list`: search, status filter, pagination, xlsx export, the row actions the status allows. */
export function SignaturesListPage() {
  const { t, i18n } = useTranslation('signatures');
  const me = useMe();
  const navigate = useNavigate();
  const { params, update } = useListParams(filterNames);
  const numbered = signatureListQuery(params);
  // Past the numbered pages, by cursor (docs/lists.md): the trail starts again when the search, filters or page change.
  const cursors = useCursorTrail(JSON.stringify(numbered));
  const query = { ...numbered, ...cursorQuery(cursors.trail, numbered) };
  const list = useSignaturesList(query);
  const actions = useSignatureActions();
  const canManage = me.permissions.includes('signatures.manage');
  const canCreate = me.permissions.includes('signatures.create');

  const exportXlsx = () => {
    downloads.export(exportQueryOf(numbered)).catch((error: unknown) => notify(signatureErrorMessage(error, t, 'exportFailed'), 'error'));
  };

  const rowMenu = (r: SignatureRequest) => {
    const allowed = allowedActions(r.status);
    const may = (action: (typeof allowed)[number], permission: boolean) => allowed.includes(action) && permission;
    return (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={t('actionsFor', { label: r.label })} onClick={(e) => e.stopPropagation()}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
          <Menu.Item leftSection={<IconEye size={16} />} component={Link} to={`/signatures/view/${r.id}`}>
            {t('actions.view')}
          </Menu.Item>
          {may('send', canManage) && (
            <Menu.Item leftSection={<IconSend size={16} />} onClick={() => actions.send(r)}>
              {t('actions.send')}
            </Menu.Item>
          )}
          {may('relaunch', canManage) && (
            <Menu.Item leftSection={<IconRefresh size={16} />} onClick={() => actions.relaunch(r)}>
              {t('actions.relaunch')}
            </Menu.Item>
          )}
          {may('download', true) && (
            <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => void actions.downloadSigned(r)}>
              {t('actions.download')}
            </Menu.Item>
          )}
          {may('duplicate', canCreate) && (
            <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => actions.duplicate(r)}>
              {t('actions.duplicate')}
            </Menu.Item>
          )}
          {may('cancel', canManage) && (
            <Menu.Item color="red" leftSection={<IconBan size={16} />} onClick={() => actions.cancel(r)}>
              {t('actions.cancel')}
            </Menu.Item>
          )}
          {may('delete', canManage) && (
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => actions.remove(r)}>
              {t('actions.delete')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    );
  };

  const columns: Column<SignatureRequest>[] = [
    {
      key: 'label',
      header: t('columns.label'),
      render: (r) => (
        <Text size="sm" fw={500}>
          {r.label}
        </Text>
      ),
    },
    { key: 'status', header: t('columns.status'), render: (r) => <SignatureStatusBadge status={r.status} /> },
    { key: 'created', header: t('columns.created'), render: (r) => formatDateTime(r.createdAt, i18n.language), visibleFrom: 'sm' },
    { key: 'signers', header: t('columns.signers'), render: (r) => r.signerCount, visibleFrom: 'md' },
    {
      key: 'signed',
      header: t('columns.signed'),
      render: (r) => (
        <Group gap={6} wrap="nowrap" miw={110}>
          <Progress value={r.percentSigned} w={60} size="sm" aria-label={t('percentSigned', { percent: Math.round(r.percentSigned) })} />
          <Text size="xs">{Math.round(r.percentSigned)} %</Text>
        </Group>
      ),
      visibleFrom: 'sm',
    },
    { key: 'owner', header: t('columns.owner'), render: (r) => r.owner?.name ?? '—', visibleFrom: 'md' },
    { key: 'actions', header: t('common.actions', { ns: 'common' }), render: rowMenu },
  ];

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2}>{t('title')}</Title>
        <Group gap="xs">
          {me.application.features.preprocessing && seesAllUsers(me.user.profile) && (
            <Button variant="default" component={Link} to="/signatures/sepa-mandates" leftSection={<IconBuildingBank size={16} />}>
              {t('sepaMandates.title')}
            </Button>
          )}
          <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} onClick={exportXlsx}>
            {t('export')}
          </Button>
          {canCreate && (
            <Button component={Link} to="/signatures/new" leftSection={<IconPlus size={16} />}>
              {t('new')}
            </Button>
          )}
        </Group>
      </Group>
      <ListToolbar search={params.search} onSearch={(q) => update({ q })} searchLabel={t('search')}>
        <MultiSelect
          label={t('statusFilter')}
          placeholder={statusesOf(params.filters.status).length === 0 ? t('common.all', { ns: 'common' }) : undefined}
          clearable
          data={signatureStatuses.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          value={statusesOf(params.filters.status)}
          onChange={(values) => update({ status: values.join(',') || null })}
          miw={240}
          maw={420}
        />
      </ListToolbar>
      <PaginatedTable
        caption={t('title')}
        empty={{
          nothingYet: t('emptyList.requests.nothingYet', { action: t('new') }),
          nothingMatches: t('emptyList.requests.nothingMatches'),
          narrowed: isNarrowed(params.search, statusesOf(params.filters.status)),
        }}
        columns={columns}
        list={list.data}
        loading={list.isFetching}
        rowKey={(r) => r.id}
        page={params.page}
        pageSize={params.pageSize}
        onPage={(page) => update({ page })}
        onPageSize={(size) => update({ size })}
        onRowClick={(r) => void navigate(`/signatures/view/${r.id}`)}
        {...cursors.tableProps}
      />
    </Stack>
  );
}
