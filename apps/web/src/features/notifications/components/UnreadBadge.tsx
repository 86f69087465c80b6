import { Suspense } from 'react';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../auth/index.ts';
import { useUnreadNotifications } from '../api.ts';

/**
 * The unread count for the navigation entry `nav.notifications` (e.g. NavLink's rightSection). Renders
 * nothing when there is nothing unread or the profile may not read notifications. Self-contained: it shows
 * once its namespace is loaded, without holding the navigation back.
 */
export function UnreadNotificationsBadge() {
  return (
    <Suspense fallback={null}>
      <UnreadCount />
    </Suspense>
  );
}

function UnreadCount() {
  const { t } = useTranslation('notifications');
  const me = useMe();
  const count = useUnreadNotifications(me.permissions.includes('notifications.read'));
  if (count === 0) return null;
  return (
    <Badge size="xs" color="red" circle={count < 10} role="status" aria-label={t('unreadCount', { count })}>
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
