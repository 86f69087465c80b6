import { Anchor, Breadcrumbs, Button, Group, Paper, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { useNavigationId } from '../../../shared/useNavigationId.ts';
import { useTranslation } from 'react-i18next';
import { applicationCreateSchema, type Pack } from '@paraphe/contracts';
import { notify } from '../../../shared/api/notify.ts';
import { schemaValidator, showFormError } from '../../../shared/forms/formErrors.ts';
import { useCreateApplication } from '../api.ts';
import { PackSelect } from '../components/PackSelect.tsx';

type NewApplicationValues = {
  company: string;
  owner: { firstName: string; lastName: string; email: string };
  pack: Pack;
  testMode: boolean;
};

/** `applications/new`: a tenant and its owner (GERANT), who receives the set-password mail. */
export function ApplicationNewPage() {
  const { t } = useTranslation('applications');
  // A new navigation to the page starts a fresh form, even when the router kept this page mounted.
  const navigationId = useNavigationId();
  return (
    <Stack>
      <Breadcrumbs>
        <Anchor component={Link} to="/applications/list">
          {t('screens.applications')}
        </Anchor>
        <span>{t('newTitle')}</span>
      </Breadcrumbs>
      <Title order={2}>{t('newTitle')}</Title>
      <NewApplicationForm key={navigationId} />
    </Stack>
  );
}

function NewApplicationForm() {
  const { t } = useTranslation('applications');
  const navigate = useNavigate();
  const create = useCreateApplication();
  const form = useForm<NewApplicationValues>({
    initialValues: { company: '', owner: { firstName: '', lastName: '', email: '' }, pack: 'free', testMode: true },
    validate: schemaValidator(applicationCreateSchema, t),
  });
  return (
    <Paper withBorder p="lg" radius="md">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          create.mutate(values, {
            onSuccess: (application) => {
              notify(t('common.saved'), 'success');
              void navigate(`/applications/view/${application.id}`, { flushSync: true });
            },
            onError: (error) => showFormError(form, error, t, { EMAIL_ALREADY_EXISTS: 'owner.email' }),
          }),
        )}
      >
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('fields.company')} required {...form.getInputProps('company')} />
            <PackSelect {...form.getInputProps('pack')} />
            <TextInput label={t('ownerFirstName')} required {...form.getInputProps('owner.firstName')} />
            <TextInput label={t('ownerLastName')} required {...form.getInputProps('owner.lastName')} />
            <TextInput label={t('ownerEmail')} type="email" required {...form.getInputProps('owner.email')} />
            <Switch mt="xl" label={t('testMode')} {...form.getInputProps('testMode', { type: 'checkbox' })} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" component={Link} to="/applications/list">
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
