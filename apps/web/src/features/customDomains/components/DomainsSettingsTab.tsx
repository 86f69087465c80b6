import { Alert, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { customDomainPurposes } from '@paraphe/contracts';
import { useTranslation } from 'react-i18next';
import { useCustomDomains } from '../api.ts';
import { DeclareDomainForm } from './DeclareDomainForm.tsx';
import { DomainCard } from './DomainCard.tsx';

/**
 * Settings → Domains (docs/white-label.md): the tenant's own host names for its signing pages and its back office,
 * the DNS records to publish, their status; nothing uses a domain before its ownership record is found.
 */
export function DomainsSettingsTab() {
  const { t } = useTranslation('customDomains');
  const domains = useCustomDomains();
  const free = customDomainPurposes.filter((p) => !domains.data?.items.some((d) => d.purpose === p));
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={3}>{t('title')}</Title>
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
        {domains.isPending && <Loader size="sm" />}
        {domains.isError && <Alert color="red">{t('loadFailed')}</Alert>}
        {domains.data?.items.map((d) => (
          <DomainCard key={d.id} domain={d} />
        ))}
        {domains.data && free.length > 0 && <DeclareDomainForm key={free.join()} purposes={free} />}
      </Stack>
    </Paper>
  );
}
