import { Anchor, Breadcrumbs, Center, Loader, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/apiError.ts';
import { NotFoundPage } from '../../../shared/ui/MessagePage.tsx';
import { useNavigationId } from '../../../shared/useNavigationId.ts';
import { useContact } from '../api.ts';
import { ContactForm } from '../components/ContactForm.tsx';

/** `phonebooks/new` and `phonebooks/:id`. */
export function ContactFormPage() {
  const { t } = useTranslation('contacts');
  const { id } = useParams();
  // A new navigation to the page starts a fresh form, even when the router kept this page mounted.
  const navigationId = useNavigationId();
  const contact = useContact(id);
  const title = id ? t('editTitle') : t('newTitle');

  if (id && contact.isError && isApiError(contact.error, 'NOT_FOUND')) return <NotFoundPage />;
  return (
    <Stack>
      <Breadcrumbs>
        <Anchor component={Link} to="/phonebooks/list">
          {t('title')}
        </Anchor>
        <span>{title}</span>
      </Breadcrumbs>
      <Title order={2}>{title}</Title>
      {id && contact.isPending ? (
        <Center>
          <Loader role="status" aria-label={t('common.loading')} />
        </Center>
      ) : (
        <ContactForm key={contact.data?.id ?? `new-${navigationId}`} contact={contact.data} />
      )}
    </Stack>
  );
}
