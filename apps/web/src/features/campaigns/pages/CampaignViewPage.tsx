import { useState } from 'react';
import { Alert, Anchor, Breadcrumbs, Button, Center, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconHourglass } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/apiError.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { NotFoundPage } from '../../../shared/ui/MessagePage.tsx';
import { useMe } from '../../auth/index.ts';
import { useCampaign, useCampaignStatistics } from '../api.ts';
import { screenActions } from '../campaignScreen.ts';
import { unmappedOf } from '../mailMerge.ts';
import { signatureKit } from '../signatureKit.ts';
import { CampaignStatusBadge } from '../components/StatusBadges.tsx';
import { CampaignActions } from '../components/view/CampaignActions.tsx';
import { CampaignDocuments } from '../components/view/CampaignDocuments.tsx';
import { DispatchProgress } from '../components/view/DispatchProgress.tsx';
import { SignatoriesPanel } from '../components/view/SignatoriesPanel.tsx';
import { SignatoryImport } from '../components/view/SignatoryImport.tsx';
import { StatisticsCards } from '../components/view/StatisticsCards.tsx';
import { InvitationDeliverySummary } from '../../../shared/ui/InvitationDeliverySummary.tsx';
import { MergeMappingPanel } from '../components/mailMerge/MergeMappingPanel.tsx';
import { listPath, titleKeyOf } from '../campaignKinds.ts';
import { languageTag } from '@paraphe/contracts';

/**
 * `campaigns/view/:id` (or `publipostage/view/:id`): status and actions, live dispatch progress, statistics;
 * Signatories, Documents, Options, and a mail-merge's Mapping (with the preview of a signatory's document).
 */
export function CampaignViewPage() {
  const { t, i18n } = useTranslation('campaigns');
  const { id = '' } = useParams();
  const me = useMe();
  const [search, setSearch] = useSearchParams();
  const campaign = useCampaign(id);
  const statistics = useCampaignStatistics(id, campaign.data?.status);
  const { OptionsSummary } = signatureKit();
  const [tab, setTab] = useState<string | null>('signatories');
  // The mapping (and its previews, each a conversion on the server) is made once its tab was opened, then kept.
  const [mappingOpened, setMappingOpened] = useState(false);
  if (tab === 'mapping' && !mappingOpened) setMappingOpened(true);
  const importing = search.get('import') === '1';
  const setImporting = (on: boolean) => setSearch(on ? { import: '1' } : {}, { replace: true });

  if (campaign.isError && isApiError(campaign.error, 'NOT_FOUND')) return <NotFoundPage />;
  if (!campaign.data)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  const c = campaign.data;
  const canManage = me.permissions.includes('campaigns.manage');
  const actions = screenActions({ status: c.status, archiveAvailable: c.archiveAvailable, failedCount: c.counts.failed }, canManage);
  // Copies already sent are cancelled by a job: say so while some are still out.
  const cancelling = c.status === 'canceled' && c.counts.sent + c.counts.opened + c.counts.queued > 0;
  const mailMerge = c.type === 'publipostage';
  const unmappedCount = c.mergeDocument ? unmappedOf(c.mergeDocument.variables, c.mergeDocument.mapping).length : 0;

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={listPath(c.type)}>
          {t(titleKeyOf[c.type])}
        </Anchor>
        <span>{c.label}</span>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2}>{c.label}</Title>
            <CampaignStatusBadge status={c.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {t('view.meta', { count: c.signatoryCount, created: formatDateTime(c.createdAt, i18n.language), owner: c.owner?.name ?? '—' })}
            {c.sentAt ? ` · ${t('view.sentAt', { date: formatDateTime(c.sentAt, i18n.language) })}` : ''}
          </Text>
          {c.description && <Text size="sm">{c.description}</Text>}
        </Stack>
        <CampaignActions campaign={c} actions={actions} />
      </Group>
      {c.status === 'pending' && <DispatchProgress progress={statistics.data?.progress ?? c.progress} />}
      {cancelling && (
        <Alert color="orange" variant="light" icon={<IconHourglass size={18} />}>
          {t('view.cancelling')}
        </Alert>
      )}
      {c.status === 'failed' && (
        <Alert color="red" variant="light">
          {t('view.failed')}
        </Alert>
      )}
      {statistics.data && <StatisticsCards statistics={statistics.data} />}
      {statistics.data && <InvitationDeliverySummary delivery={statistics.data.invitations} />}
      <Paper withBorder p="md">
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List mb="md">
            <Tabs.Tab value="signatories">{`${t('form.tabs.signatories')} (${c.signatoryCount.toLocaleString(languageTag(i18n.language))})`}</Tabs.Tab>
            <Tabs.Tab value="documents">{`${t('form.tabs.documents')} (${c.documents?.length ?? 0})`}</Tabs.Tab>
            <Tabs.Tab value="options">{t('form.tabs.options')}</Tabs.Tab>
            {mailMerge && (
              <Tabs.Tab
                value="mapping"
                c={unmappedCount > 0 ? 'red' : undefined}
              >{`${t('mailMerge.mapping.tab')}${unmappedCount > 0 ? ` (${t('mailMerge.mapping.toDo', { count: unmappedCount })})` : ''}`}</Tabs.Tab>
            )}
          </Tabs.List>
          <Tabs.Panel value="signatories">
            {c.status === 'draft' &&
              canManage &&
              (importing ? (
                <Paper withBorder p="md" mb="md">
                  <Title order={5} mb="sm">
                    {t('import.title')}
                  </Title>
                  <SignatoryImport campaignId={c.id} mailMerge={mailMerge} onClose={() => setImporting(false)} />
                </Paper>
              ) : (
                <Group mb="sm">
                  <Button variant="light" size="xs" leftSection={<IconFileSpreadsheet size={14} />} onClick={() => setImporting(true)}>
                    {t('import.open')}
                  </Button>
                </Group>
              ))}
            <SignatoriesPanel campaign={c} canManage={canManage} />
          </Tabs.Panel>
          <Tabs.Panel value="documents">
            <CampaignDocuments documents={c.documents ?? []} />
          </Tabs.Panel>
          <Tabs.Panel value="options">
            <OptionsSummary options={c.options} />
          </Tabs.Panel>
          {mailMerge && <Tabs.Panel value="mapping">{mappingOpened && <MergeMappingPanel campaign={c} canManage={canManage} />}</Tabs.Panel>}
        </Tabs>
      </Paper>
    </Stack>
  );
}
