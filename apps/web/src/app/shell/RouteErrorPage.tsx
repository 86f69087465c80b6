import { Button } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../shared/ui/MessagePage.tsx';

/** Last resort when a screen throws while rendering: the generic message, never a blank page. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <MessagePage title={t('notFound.title')} text={t('notFound.text')} />;
  return (
    <MessagePage
      title={t('errors.genericTitle')}
      text={t('errors.generic')}
      action={<Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>}
    />
  );
}
