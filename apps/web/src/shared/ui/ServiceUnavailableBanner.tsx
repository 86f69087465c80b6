import { useEffect, useState, useSyncExternalStore } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { availability, probeHealth } from '../api/availability.ts';

/** The seconds left before the next try, refreshed every second while the service is unavailable. */
function useSecondsLeft(retryAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (retryAt === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [retryAt]);
  return retryAt === null ? 0 : Math.max(0, Math.ceil((retryAt - now) / 1000));
}

/**
 * "Service temporarily unavailable — retrying in N s", above every screen (public ones too) while the service does
 * not answer (availability.ts). It goes by itself when the service answers again, and the screens refetch then.
 */
export function ServiceUnavailableBanner() {
  const { t } = useTranslation();
  const state = useSyncExternalStore(availability.subscribe, availability.get);
  const retryAt = state.state === 'unavailable' ? state.retryAt : null;
  const seconds = useSecondsLeft(retryAt);
  const [checking, setChecking] = useState(false);
  if (state.state !== 'unavailable') return null;
  const retryNow = () => {
    setChecking(true);
    void probeHealth()
      .then((wait) => (wait === null ? availability.markAvailable() : availability.markUnavailable(wait)))
      .finally(() => setChecking(false));
  };
  return (
    <Alert
      color="orange"
      variant="filled"
      icon={<IconCloudOff size={18} />}
      role="alert"
      data-testid="service-unavailable"
      radius={0}
      py="xs"
      style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>
          {t('unavailable.title')} — {seconds > 0 ? t('unavailable.retryingIn', { seconds }) : t('unavailable.retrying')}
        </Text>
        <Button size="xs" variant="white" color="orange" loading={checking} onClick={retryNow}>
          {t('unavailable.retryNow')}
        </Button>
      </Group>
    </Alert>
  );
}
