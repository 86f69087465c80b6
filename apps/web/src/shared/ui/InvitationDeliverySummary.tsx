import { Alert, Group, Paper, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languageTag, type InvitationDelivery } from '@paraphe/contracts';

const figures = [
  { key: 'delivered', color: 'teal' },
  { key: 'waiting', color: 'orange' },
  { key: 'failed', color: 'red' },
] as const;

/**
 * A campaign's or an operation's invitations: delivered / waiting / failed (issue 24 item 9). "Sent" counts the
 * copies made; this says whether their invitation reached the signer, and why to look at the outbox when it did not.
 */
export function InvitationDeliverySummary({ delivery }: { delivery: InvitationDelivery }) {
  const { t, i18n } = useTranslation();
  const number = (n: number) => n.toLocaleString(languageTag(i18n.language));
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('invitationDelivery.title')} data-testid="invitation-delivery">
      <Group gap="lg" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('invitationDelivery.title')}
        </Text>
        {figures.map(({ key, color }) => (
          <Text key={key} size="sm" role="group" aria-label={`${t(`invitationDelivery.${key}`)}: ${delivery[key]}`}>
            <Text span fw={700} c={delivery[key] > 0 ? color : undefined}>
              {number(delivery[key])}
            </Text>{' '}
            {t(`invitationDelivery.${key}`)}
          </Text>
        ))}
      </Group>
      {(delivery.waiting > 0 || delivery.failed > 0) && (
        <Alert mt="xs" color={delivery.failed > 0 ? 'red' : 'orange'} variant="light" icon={<IconMailExclamation size={18} />} role="status" py={6}>
          {delivery.waiting > 0 && t('invitationDelivery.waitingText', { count: delivery.waiting, formatted: number(delivery.waiting) })}
          {delivery.waiting > 0 && delivery.failed > 0 && ' '}
          {delivery.failed > 0 && t('invitationDelivery.failedText', { count: delivery.failed, formatted: number(delivery.failed) })}
        </Alert>
      )}
    </Paper>
  );
}
