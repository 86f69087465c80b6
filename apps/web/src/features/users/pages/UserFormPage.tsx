import { Anchor, Breadcrumbs, Center, Loader, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useNavigationId } from '../../../shared/useNavigationId.ts';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../../../shared/ui/MessagePage.tsx';
import { isApiError } from '../../../shared/api/apiError.ts';
import { useUser } from '../api.ts';
import { UserForm } from '../components/UserForm.tsx';

/** `users/new` and `users/edit/:id`. */
export function UserFormPage() {
  const { t } = useTranslation('users');
  const { id } = useParams();
  // A new navigation to the page starts a fresh form, even when the router kept this page mounted.
  const navigationId = useNavigationId();
  const user = useUser(id);
  const title = id ? t('editTitle') : t('newTitle');

  if (id && user.isError && isApiError(user.error, 'NOT_FOUND')) return <NotFoundPage />;
  return (
    <Stack>
      <Breadcrumbs>
        <Anchor component={Link} to="/users/list">
          {t('screens.users')}
        </Anchor>
        <span>{title}</span>
      </Breadcrumbs>
      <Title order={2}>{title}</Title>
      {id && user.isPending ? (
        <Center>
          <Loader role="status" aria-label={t('common.loading')} />
        </Center>
      ) : (
        <UserForm key={user.data?.id ?? `new-${navigationId}`} user={user.data} />
      )}
    </Stack>
  );
}
