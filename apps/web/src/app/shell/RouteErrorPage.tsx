import { useEffect } from 'react';
import { Button } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../shared/ui/MessagePage.tsx';
import { availability, defaultRetryAfterSeconds, isServiceUnavailable } from '../../shared/api/availability.ts';

/** The browsers' words for a screen's code that could not be downloaded (Chromium, Firefox, Safari). */
const chunkLoadFailure = /dynamically imported module|Importing a module script failed|Failed to fetch/i;
/** A screen's code that could not be downloaded (the server away), or a call that found the service unavailable. */
const unreachable = (error: unknown) => isServiceUnavailable(error) || (error instanceof TypeError && chunkLoadFailure.test(error.message));

/**
 * Last resort when a screen throws while rendering: the generic message, never a blank page. When the screen could
 * not even be downloaded because the service is away, it says so (the banner counts down) and loads the screen again
 * by itself once the service answers.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const away = unreachable(error);
  useEffect(() => {
    if (!away) return;
    if (availability.get().state === 'available') availability.markUnavailable(defaultRetryAfterSeconds);
    return availability.onRecovered(() => window.location.reload());
  }, [away]);
  if (isRouteErrorResponse(error) && error.status === 404) return <MessagePage title={t('notFound.title')} text={t('notFound.text')} />;
  if (away) return <MessagePage icon={<IconCloudOff size={40} />} title={t('unavailable.title')} text={t('errors.UNAVAILABLE')} />;
  return (
    <MessagePage
      title={t('errors.genericTitle')}
      text={t('errors.generic')}
      action={<Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>}
    />
  );
}
