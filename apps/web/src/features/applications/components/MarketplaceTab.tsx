import { Suspense } from 'react';
import { Badge, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { connectorCatalogue } from '@paraphe/contracts';
import { CrmAdminState } from '../../crm/index.ts';
import { SurveyCardState } from '../../surveys/index.ts';

/**
 * Tab Marketplace: the connector catalogue (HubSpot, Typeform) and each one's real state for the account (connected
 * or not, since, by whom), read through each connector domain's administrator endpoint. The account's managers
 * connect them from their settings (tab Marketplace).
 */
export function MarketplaceTab({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation('applications');
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('marketplace.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {connectorCatalogue.map((connector) => (
          <Card key={connector.id} withBorder radius="md" padding="lg" aria-label={connector.name}>
            <Group justify="space-between" mb="xs">
              <Group gap="xs">
                <IconPlugConnected size={20} aria-hidden />
                <Title order={4}>{connector.name}</Title>
              </Group>
              {connector.id === 'hubspot' && (
                <Suspense fallback={<Loader size="xs" />}>
                  <Stack gap={2} align="flex-end">
                    <CrmAdminState appId={applicationId} />
                  </Stack>
                </Suspense>
              )}
            </Group>
            <Text size="sm">{t(`marketplace.categories.${connector.category}`)}</Text>
            <Text size="sm" c="dimmed" mt="xs">
              {t(`marketplace.descriptions.${connector.id}`)}
            </Text>
            {connector.id === 'survey' && (
              <Suspense fallback={<Loader size="xs" />}>
                <SurveyCardState appId={applicationId} />
              </Suspense>
            )}
            <Group gap="xs" mt="md">
              <Badge variant="outline" color="teal" size="sm">
                {t('marketplace.available')}
              </Badge>
              <Badge variant="outline" color="gray" size="sm">
                {t('marketplace.noToggle')}
              </Badge>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('marketplace.comingWithIntegrations')}
      </Text>
    </Stack>
  );
}
