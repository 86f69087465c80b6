import { Suspense } from 'react';
import { NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../features/auth/index.ts';
import { UnreadNotificationsBadge } from '../../features/notifications/index.ts';
import { visibleNavigation, type NavEntry } from './navigation.ts';
import { navIcons } from './navIcons.tsx';

/**
 * Exact match first; otherwise the first entry of the same section (e.g. /users/edit/1 → Users, and
 * /applications/view/1 → Applications, not the other entries under /applications).
 */
function activeMatcher(pathname: string, entries: NavEntry[]) {
  const all = entries.flatMap((entry) => [entry, ...(entry.children ?? [])]);
  if (all.some((entry) => entry.path === pathname)) return (path: string) => path === pathname;
  const sectionOf = (path: string) => path.split('/').slice(0, 2).join('/');
  const owner = all.find((entry) => sectionOf(entry.path) !== entry.path && pathname.startsWith(`${sectionOf(entry.path)}/`));
  return (path: string) => path === owner?.path;
}

/** Side navigation: only the entries the profile may open on this tenant. */
export function NavMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const { pathname } = useLocation();

  const entries = visibleNavigation(me);
  const isActive = activeMatcher(pathname, entries);
  const renderEntry = (entry: NavEntry, nested: boolean) => {
    const Icon = navIcons[entry.icon];
    if (entry.children && entry.children.length > 0) {
      return (
        <NavLink
          key={entry.labelKey}
          label={t(entry.labelKey)}
          leftSection={<Icon size={18} />}
          defaultOpened={entry.children.some((child) => pathname === child.path)}
        >
          {entry.children.map((child) => renderEntry(child, true))}
        </NavLink>
      );
    }
    return (
      <NavLink
        key={entry.labelKey}
        component={Link}
        to={entry.path}
        label={t(entry.labelKey)}
        leftSection={nested ? undefined : <Icon size={18} />}
        active={nested ? pathname === entry.path : isActive(entry.path)}
        rightSection={
          entry.path === '/notifications/list' ? (
            <Suspense fallback={null}>
              <UnreadNotificationsBadge />
            </Suspense>
          ) : undefined
        }
        onClick={onNavigate}
      />
    );
  };

  return <ScrollArea type="auto">{entries.map((entry) => renderEntry(entry, false))}</ScrollArea>;
}
