import { Suspense } from 'react';
import { Badge, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { connectorCatalogue } from '@paraphe/contracts';
import { CrmAdminState } from '../../crm/index.ts';

/**
 * Tab Marketplace: the connector catalogue (a CRM, a survey tool) and each one's state for the account. HubSpot shows
 * the account's real connection (connected or not, since, by whom); the account's director connects it from the
 * settings. A connector not built yet says honestly "not connected".
 */
export function MarketplaceTab({ appId }: { appId: string }) {
  const { t } = useTranslation('applications');
  return (
    <Stack>
      <Text size="sm" c="dimmed">{t('marketplace.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {connectorCatalogue.map((connector) => (
          <Card key={connector.id} withBorder radius="md" padding="lg" aria-label={connector.name}>
            <Group justify="space-between" mb="xs">
              <Group gap="xs">
                <IconPlugConnected size={20} aria-hidden />
                <Title order={4}>{connector.name}</Title>
              </Group>
              {connector.id === 'hubspot' ? (
                <Suspense fallback={<Loader size="xs" />}>
                  <Stack gap={2} align="flex-end">
                    <CrmAdminState appId={appId} />
                  </Stack>
                </Suspense>
              ) : (
                <Badge variant="light" color="gray">{t('marketplace.notConnected')}</Badge>
              )}
            </Group>
            <Text size="sm">{t(`marketplace.categories.${connector.category}`)}</Text>
            <Text size="sm" c="dimmed" mt="xs">{t(`marketplace.descriptions.${connector.id}`)}</Text>
            <Group gap="xs" mt="md">
              <Badge variant="outline" color="teal" size="sm">{t('marketplace.available')}</Badge>
              <Badge variant="outline" color="gray" size="sm">{t('marketplace.noToggle')}</Badge>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
