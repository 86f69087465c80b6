import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCertificate, IconDownload, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { QualifiedCertificate } from '@paraphe/contracts';
import { formatDate } from '../../../shared/format.ts';
import { notify } from '../../../shared/api/notify.ts';
import { downloadCertificate, useMyCertificates, useOrderCertificate } from '../api.ts';
import { DocumentsStep } from '../components/DocumentsStep.tsx';
import { certificateErrorMessage } from '../components/errors.ts';
import { CertificateStatusBadge } from '../components/StatusBadge.tsx';
import { TrustListNotice } from '../components/TrustListNotice.tsx';

/** "My qualified certificate": order → identity documents → submit → status, signatures left, expiry, renewal. */
export function MyCertificatePage() {
  const { t } = useTranslation('certificates');
  const mine = useMyCertificates();
  const order = useOrderCertificate();
  const certificates = mine.data ?? [];
  const pending = certificates.find((c) => c.status === 'open' || c.status === 'verified');
  const usable = certificates.find((c) => c.status === 'activated');
  const orderNew = (renewsId?: string) =>
    order.mutate(renewsId, { onSuccess: () => notify(t('done.ordered'), 'success'), onError: (error) => notify(certificateErrorMessage(error, t), 'error') });
  if (mine.isLoading) return <Loader />;
  return (
    <Stack gap="md" maw={860}>
      <Title order={2}>{t('mine.title')}</Title>
      <TrustListNotice />
      {!pending && !usable && (
        <Alert icon={<IconCertificate size={20} />} color="blue" variant="light" title={t('mine.noneTitle')}>
          <Text size="sm" mb="sm">
            {t('mine.orderHelp')}
          </Text>
          <Button loading={order.isPending} onClick={() => orderNew()}>
            {t('actions.order')}
          </Button>
        </Alert>
      )}
      {certificates.map((certificate) => (
        <CertificateCard
          key={certificate.id}
          certificate={certificate}
          canRenew={!pending}
          onRenew={() => orderNew(certificate.id)}
          renewing={order.isPending}
        />
      ))}
    </Stack>
  );
}

function CertificateCard({
  certificate,
  canRenew,
  onRenew,
  renewing,
}: {
  certificate: QualifiedCertificate;
  canRenew: boolean;
  onRenew: () => void;
  renewing: boolean;
}) {
  const { t, i18n } = useTranslation('certificates');
  const date = (value: string | null) => (value ? formatDate(value, i18n.language) : '—');
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>
          {certificate.fullName} — {certificate.email}
        </Text>
        <CertificateStatusBadge certificate={certificate} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="sm">
        <Text size="sm">
          {t('fields.requestedAt')}: {date(certificate.requestedAt)}
        </Text>
        <Text size="sm">
          {t('fields.readyAt')}: {date(certificate.readyAt)}
        </Text>
        <Text size="sm">
          {t('fields.expiresAt')}: {date(certificate.expiresAt)}
        </Text>
        {certificate.status === 'activated' && <Text size="sm">{t('fields.signaturesLeft', { count: certificate.signaturesLeft })}</Text>}
        {certificate.serialNumber && (
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {t('fields.serial')}: {certificate.serialNumber}
          </Text>
        )}
      </SimpleGrid>
      {certificate.status === 'open' && !certificate.submittedAt && <DocumentsStep certificate={certificate} />}
      {certificate.status === 'open' && certificate.submittedAt && <Text size="sm">{t('mine.awaiting')}</Text>}
      {certificate.status === 'verified' && <Text size="sm">{t('mine.activating')}</Text>}
      {certificate.status === 'rejected' && (
        <Alert color="red" variant="light">
          {t('mine.rejected', { reason: certificate.refusalReason })}
        </Alert>
      )}
      <Group mt="sm">
        {certificate.serialNumber && (
          <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} onClick={() => void downloadCertificate(certificate.id, 'pem')}>
            {t('actions.download')}
          </Button>
        )}
        {canRenew && (certificate.renewalDue || certificate.status === 'expired') && (
          <Button size="xs" leftSection={<IconRefresh size={14} />} loading={renewing} onClick={onRenew}>
            {t('actions.renew')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
