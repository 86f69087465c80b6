import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Center, Group, Loader, Paper, Progress, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconBan,
  IconShieldCheck,
  IconCertificate,
  IconCopy,
  IconDownload,
  IconRefresh,
  IconSend,
  IconTrash,
  IconArchive,
  IconTemplate,
} from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isActionAllowed, type SignatureAction } from '@paraphe/contracts';
import { useMe } from '../../auth/index.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useSignatureRequest } from '../api.ts';
import { SignatureStatusBadge } from '../components/StatusBadge.tsx';
import { useSignatureActions } from '../useSignatureActions.tsx';
import { SignersPanel } from '../components/view/SignersPanel.tsx';
import { DocumentsPanel, hasActiveContent } from '../components/view/DocumentsPanel.tsx';
import { OptionsSummary } from '../components/view/OptionsSummary.tsx';
import { DraftEditor } from '../components/view/DraftEditor.tsx';
import { SaveAsTemplateDialog } from '../components/view/SaveAsTemplateDialog.tsx';

/** `signatures/view/:id`: Signers, Documents, Options, and the actions the state machine allows. */
export function SignatureViewPage() {
  const { id } = useParams();
  const { t, i18n } = useTranslation('signatures');
  const me = useMe();
  const navigate = useNavigate();
  const request = useSignatureRequest(id);
  const actions = useSignatureActions({ afterDelete: () => void navigate('/signatures/list') });
  const [savingAsTemplate, setSavingAsTemplate] = useState(false);

  if (request.isPending)
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('common.loading', { ns: 'common' })} />
      </Center>
    );
  if (request.isError || !request.data) {
    return (
      <Stack>
        <Alert color="red" variant="light">
          {t('view.notFound')}
        </Alert>
        <Anchor component={Link} to="/signatures/list">
          {t('view.back')}
        </Anchor>
      </Stack>
    );
  }
  const r = request.data;
  const canManage = me.permissions.includes('signatures.manage');
  const canCreate = me.permissions.includes('signatures.create');
  // The server's allowedActions when present, else the contracts' state machine.
  const may = (action: SignatureAction) => (r.allowedActions.length > 0 ? r.allowedActions.includes(action) : isActionAllowed(r.status, action));
  const signers = r.signers ?? [];
  // A request whose files were purged has nothing left to reuse.
  const saveAsTemplate = canCreate && !r.documentsPurgedAt && (
    <>
      <Button variant="default" leftSection={<IconTemplate size={16} />} onClick={() => setSavingAsTemplate(true)}>
        {t('saveAsTemplate.action')}
      </Button>
      {savingAsTemplate && <SaveAsTemplateDialog request={r} opened onClose={() => setSavingAsTemplate(false)} />}
    </>
  );

  // A saved draft opens in the new-request form, pre-filled (docs/signatures.md, "Drafts").
  if (r.status === 'draft' && canCreate) {
    return (
      <Stack gap="md">
        <Group justify="space-between">
          <Anchor component={Link} to="/signatures/list" size="sm">
            <Group gap={4}>
              <IconArrowLeft size={14} />
              {t('view.back')}
            </Group>
          </Anchor>
          <Group gap="xs">
            {saveAsTemplate}
            {may('duplicate') && (
              <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => actions.duplicate(r)}>
                {t('actions.duplicate')}
              </Button>
            )}
            {may('delete') && canManage && (
              <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => actions.remove(r)}>
                {t('actions.delete')}
              </Button>
            )}
          </Group>
        </Group>
        <DraftEditor request={r} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/signatures/list" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('view.back')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2}>{r.label}</Title>
            <SignatureStatusBadge status={r.status} />
            {r.testMode && (
              <Badge color="yellow" variant="outline" title={t('form.testMode')}>
                {t('form.testBadge')}
              </Badge>
            )}
          </Group>
          {r.description && <Text size="sm">{r.description}</Text>}
          <Text size="xs" c="dimmed">
            {[
              t('view.created', { date: formatDateTime(r.createdAt, i18n.language) }),
              r.sentAt && t('view.sent', { date: formatDateTime(r.sentAt, i18n.language) }),
              r.expiresAt && t('view.expires', { date: formatDateTime(r.expiresAt, i18n.language) }),
              r.owner && t('view.owner', { name: r.owner.name }),
              t('view.level', { level: r.level }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <Group gap={6}>
            <Progress value={r.percentSigned} w={160} size="sm" aria-label={t('percentSigned', { percent: Math.round(r.percentSigned) })} />
            <Text size="xs">{t('percentSigned', { percent: Math.round(r.percentSigned) })}</Text>
          </Group>
        </Stack>
        <Group gap="xs">
          {may('send') && canManage && (
            <Button leftSection={<IconSend size={16} />} onClick={() => actions.send(r)}>
              {t('actions.send')}
            </Button>
          )}
          {may('relaunch') && canManage && (
            <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => actions.relaunch(r)}>
              {t('actions.relaunch')}
            </Button>
          )}
          {may('download') && (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              loading={actions.downloadingSigned === r.id}
              onClick={() => void actions.downloadSigned(r)}
            >
              {t('actions.download')}
            </Button>
          )}
          {/* A draft has no history to attest yet. */}
          {r.status !== 'draft' && (
            <Button variant="default" leftSection={<IconCertificate size={16} />} onClick={() => void actions.downloadAttestation(r)}>
              {t('actions.attestation')}
            </Button>
          )}
          {may('retryCompletion') && canManage && (
            <Button leftSection={<IconRefresh size={16} />} loading={actions.busy} onClick={() => actions.retryCompletion(r)}>
              {t('actions.retryCompletion')}
            </Button>
          )}
          {may('regenerateArchive') && (
            <Button variant="default" leftSection={<IconArchive size={16} />} onClick={() => actions.regenerateArchive(r)}>
              {t('actions.regenerateArchive')}
            </Button>
          )}
          {saveAsTemplate}
          {may('duplicate') && canCreate && (
            <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => actions.duplicate(r)}>
              {t('actions.duplicate')}
            </Button>
          )}
          {may('cancel') && canManage && (
            <Button color="red" variant="light" leftSection={<IconBan size={16} />} onClick={() => actions.cancel(r)}>
              {t('actions.cancel')}
            </Button>
          )}
          {may('delete') && canManage && (
            <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => actions.remove(r)}>
              {t('actions.delete')}
            </Button>
          )}
        </Group>
      </Group>
      {r.completionFailure && (
        <Alert color="red" variant="light">
          {t('view.completionFailed', { reason: r.completionFailure })}
        </Alert>
      )}
      {r.documentsPurgedAt && (
        <Alert color="gray" variant="light">
          {t('view.documentsPurged', { date: formatDateTime(r.documentsPurgedAt, i18n.language) })}
        </Alert>
      )}
      <Paper withBorder p="md">
        <Tabs defaultValue="signers" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="signers">
              {t('view.tabs.signers')} ({signers.length})
            </Tabs.Tab>
            <Tabs.Tab
              value="documents"
              rightSection={
                hasActiveContent(r.documents ?? []) ? (
                  <IconShieldCheck size={16} color="var(--mantine-color-orange-6)" aria-label={t('activeContent.tabMark')} />
                ) : undefined
              }
            >
              {t('view.tabs.documents')} ({r.documents?.length ?? 0})
            </Tabs.Tab>
            <Tabs.Tab value="options">{t('view.tabs.options')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="signers">
            <SignersPanel
              signers={signers}
              requestStatus={r.status}
              onCancelSigner={may('cancelSigner') && canManage ? (s) => actions.cancelSigner(r, s) : undefined}
            />
          </Tabs.Panel>
          <Tabs.Panel value="documents">
            <DocumentsPanel documents={r.documents ?? []} onDownload={(d) => void actions.downloadDocument(r, d.id, d.fileName)} />
          </Tabs.Panel>
          <Tabs.Panel value="options">
            <OptionsSummary options={r.options} />
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Stack>
  );
}
