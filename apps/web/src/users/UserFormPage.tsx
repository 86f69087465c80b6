import { Anchor, Breadcrumbs, Center, Loader, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useNavigationId } from '../common/useNavigationId.ts';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../shell/MessagePage.tsx';
import { isApiError } from '../api/apiError.ts';
import { useUser } from './api.ts';
import { UserForm } from './UserForm.tsx';

/** `users/new` and `users/edit/:id`. */
export function UserFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  // A new navigation to the page starts a fresh form, even when the router kept this page mounted.
  const navigationId = useNavigationId();
  const user = useUser(id);
  const title = id ? t('users.editTitle') : t('users.newTitle');

  if (id && user.isError && isApiError(user.error, 'NOT_FOUND')) return <NotFoundPage />;
  return (
    <Stack>
      <Breadcrumbs>
        <Anchor component={Link} to="/users/list">{t('screens.users')}</Anchor>
        <span>{title}</span>
      </Breadcrumbs>
      <Title order={2}>{title}</Title>
      {id && user.isPending ? (
        <Center><Loader aria-label={t('common.loading')} /></Center>
      ) : (
        <UserForm key={user.data?.id ?? `new-${navigationId}`} user={user.data} />
      )}
    </Stack>
  );
}
