import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { crmCallbackErrorCodes, crmReturnQuery, type CrmConnectionState } from '@paraphe/contracts';
import { notify } from '../../../shared/api/notify.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useMe } from '../../auth/index.ts';
import { useCrmState, useDisconnectCrm, useStartCrmConnect } from '../api.ts';

/**
 * Settings → Marketplace, HubSpot: the connection's state (portal, by whom, since, broken and why), Connect (a
 * confirmation, then HubSpot's consent page) and Disconnect (a confirmation), and the last write-backs HubSpot refused.
 */
export function CrmConnectorPanel() {
  const { t, i18n } = useTranslation('crm');
  const canManage = useMe().permissions.includes('connectors.manage');
  const state = useCrmState();
  const [dialog, setDialog] = useState<'connect' | 'disconnect' | null>(null);
  useReturnFromHubSpot();
  const data = state.data?.data;
  return (
    <Paper withBorder p="md" component="section" aria-label="HubSpot">
      <Stack>
        <Group justify="space-between">
          <Group gap="xs">
            <IconPlugConnected size={20} aria-hidden />
            <Title order={3}>HubSpot</Title>
          </Group>
          {data && <StateBadge state={data} />}
        </Group>
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
        {state.isPending && <Loader size="sm" />}
        {state.isError && <Alert color="red">{t('loadFailed')}</Alert>}
        {data && !data.configured && <Alert color="gray">{t('notConfigured')}</Alert>}
        {data?.connected && (
          <Stack gap={4}>
            <Text size="sm">{t('portal', { portal: data.hubDomain ? `${data.hubDomain} (${data.portalId})` : data.portalId })}</Text>
            <Text size="sm">{t('connectedBy', { name: data.connectedBy?.name ?? '—', date: formatDateTime(data.connectedAt, i18n.language) })}</Text>
            {data.state === 'broken' && (
              <Alert color="orange" title={t('broken')}>
                {t('brokenReason', { reason: data.brokenReason ?? '' })}
              </Alert>
            )}
          </Stack>
        )}
        {data?.configured && canManage && (
          <Group>
            {(!data.connected || data.state === 'broken') && (
              <Button onClick={() => setDialog('connect')}>{data.connected ? t('reconnect') : t('connect')}</Button>
            )}
            {data.connected && (
              <Button color="red" variant="light" onClick={() => setDialog('disconnect')}>
                {t('disconnect')}
              </Button>
            )}
          </Group>
        )}
        {data?.connected && <LastErrors errors={data.lastErrors} />}
      </Stack>
      <ConnectDialog opened={dialog === 'connect'} onClose={() => setDialog(null)} />
      <DisconnectDialog opened={dialog === 'disconnect'} onClose={() => setDialog(null)} />
    </Paper>
  );
}

function StateBadge({ state }: { state: CrmConnectionState }) {
  const { t } = useTranslation('crm');
  if (!state.connected)
    return (
      <Badge variant="light" color="gray">
        {t('notConnected')}
      </Badge>
    );
  if (state.state === 'broken')
    return (
      <Badge variant="light" color="orange">
        {t('broken')}
      </Badge>
    );
  return (
    <Badge variant="light" color="teal">
      {t('connected')}
    </Badge>
  );
}

function LastErrors({ errors }: { errors: CrmConnectionState['lastErrors'] }) {
  const { t, i18n } = useTranslation('crm');
  if (!errors.length) return null;
  return (
    <Stack gap="xs">
      <Title order={5}>{t('lastErrors')}</Title>
      <Table striped withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('errorAt')}</Table.Th>
            <Table.Th>{t('errorContact')}</Table.Th>
            <Table.Th>{t('errorMessage')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {errors.map((e) => (
            <Table.Tr key={`${e.requestId}-${e.signerId}-${e.at}`}>
              <Table.Td>{formatDateTime(e.at, i18n.language)}</Table.Td>
              <Table.Td>{e.idc}</Table.Td>
              <Table.Td>{e.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function ConnectDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('crm');
  const start = useStartCrmConnect();
  const go = () => start.mutate(undefined, { onSuccess: (answer) => window.location.assign(answer.data.authorizeUrl) });
  return (
    <Modal opened={opened} onClose={onClose} title={t('confirmConnect.title')}>
      <Stack>
        <Text size="sm">{t('confirmConnect.body')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button loading={start.isPending} onClick={go}>
            {t('confirmConnect.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function DisconnectDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('crm');
  const disconnect = useDisconnectCrm();
  const go = () => disconnect.mutate(undefined, { onSuccess: () => (notify(t('disconnected'), 'success'), onClose()) });
  return (
    <Modal opened={opened} onClose={onClose} title={t('confirmDisconnect.title')}>
      <Stack>
        <Text size="sm">{t('confirmDisconnect.body')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button color="red" loading={disconnect.isPending} onClick={go}>
            {t('confirmDisconnect.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Back from HubSpot (`crm=connected` or `crm=error&code=…`): says how it went once, then cleans the address. */
function useReturnFromHubSpot() {
  const { t } = useTranslation('crm');
  const [params, setParams] = useSearchParams();
  const outcome = params.get(crmReturnQuery.param);
  const code = params.get('code');
  useEffect(() => {
    if (!outcome) return;
    if (outcome === crmReturnQuery.connected) notify(t('returned.connected'), 'success');
    else notify(t(`returned.${crmCallbackErrorCodes.find((c) => c === code) ?? 'exchange_failed'}`), 'error');
    const next = new URLSearchParams(params);
    next.delete(crmReturnQuery.param);
    next.delete('code');
    setParams(next, { replace: true });
  }, [outcome, code, params, setParams, t]);
}
