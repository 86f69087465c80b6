import { useEffect, useRef } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifyApiError } from '../../../shared/api/notify.ts';
import { useCardReturn, useDeleteCard, usePaymentMethods, useSetDefaultCard, useStartCard } from '../api.ts';
import { SepaMandatePanel } from './SepaMandatePanel.tsx';

/**
 * Settings → Billing, payment method (spec §3, §5): the saved cards (added on the provider's hosted page) or the
 * SEPA mandate, as the billing profile chose. `canManage`: the user holds `billing.manage`.
 */
export function PaymentMethodsPanel({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('payments');
  const methods = usePaymentMethods();
  const start = useStartCard();
  const back = useCardReturn();
  const setDefault = useSetDefaultCard();
  const remove = useDeleteCard();
  const [params, setParams] = useSearchParams();
  const handled = useRef(false);

  // Back from the hosted card page: record the card of the session once.
  const sessionId = params.get('checkout');
  useEffect(() => {
    if (!sessionId || handled.current || !canManage) return;
    handled.current = true;
    if (sessionId !== 'canceled') back.mutate(sessionId, { onError: notifyApiError });
    setParams({}, { replace: true });
  }, [sessionId, canManage, back, setParams]);

  const data = methods.data;
  if (!data) return <Loader />;
  if (!data.profileComplete) return <Alert color="yellow">{t('methods.profileRequired')}</Alert>;
  if (data.method === 'sepa') return <SepaMandatePanel canManage={canManage} mandate={data.mandate} />;
  const addCard = () => start.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url), onError: notifyApiError });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={4}>{t('methods.cards')}</Title>
        {!data.cardAvailable && <Alert color="red">{t('methods.cardUnavailable')}</Alert>}
        {data.cards.length === 0 && <Text c="dimmed">{t('methods.noCard')}</Text>}
        {data.cards.map((card) => (
          <Group key={card.id} justify="space-between" wrap="wrap">
            <Group gap="xs">
              <Text fw={500}>{`${card.brand.toUpperCase()} •••• ${card.last4}`}</Text>
              <Text size="sm" c="dimmed">{`${String(card.expMonth).padStart(2, '0')}/${card.expYear}`}</Text>
              {card.isDefault && <Badge>{t('methods.default')}</Badge>}
            </Group>
            {canManage && (
              <Group gap="xs">
                {!card.isDefault && (
                  <Button size="xs" variant="default" onClick={() => setDefault.mutate(card.id, { onError: notifyApiError })}>
                    {t('methods.makeDefault')}
                  </Button>
                )}
                <Button size="xs" variant="subtle" color="red" onClick={() => remove.mutate(card.id, { onError: notifyApiError })}>
                  {t('methods.remove')}
                </Button>
              </Group>
            )}
          </Group>
        ))}
        {canManage && data.cardAvailable && (
          <Group>
            <Button onClick={addCard} loading={start.isPending || back.isPending}>
              {t('methods.addCard')}
            </Button>
          </Group>
        )}
        <Text size="xs" c="dimmed">
          {t('methods.hostedNote')}
        </Text>
      </Stack>
    </Paper>
  );
}
