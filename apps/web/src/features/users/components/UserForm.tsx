import { Button, Group, Paper, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { mayGiveProfile, profiles, userInputSchema, type Locale, type Profile, type User, type UserInput } from '@paraphe/contracts';
import { notify } from '../../../shared/api/notify.ts';
import { emptyToNull, schemaValidator, showFormError } from '../../../shared/forms/formErrors.ts';
import { useManagers, useSaveUser, useSendPasswordLink } from '../api.ts';
import { displayName } from '../hierarchy.ts';
import { PersonFields, civilityOf } from '../../../shared/forms/PersonFields.tsx';
import { useMe } from '../../auth/index.ts';

type UserFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  phone: string;
  language: Locale;
  civility: string | null;
  profile: Profile;
  parentId: string | null;
  active: boolean;
};

function initialValues(user: User | undefined): UserFormValues {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    mobile: user?.mobile ?? '',
    phone: user?.phone ?? '',
    language: user?.language ?? 'fr',
    civility: user?.civility ?? null,
    profile: user?.profile ?? 'COMMERCIAL',
    parentId: user?.parentId ?? null,
    active: user?.active ?? true,
  };
}

function toInput(values: UserFormValues, user: User | undefined): UserInput {
  return {
    ...values,
    mobile: emptyToNull(values.mobile),
    phone: emptyToNull(values.phone),
    civility: civilityOf(values.civility),
    parentId: values.parentId || null,
    company: user?.company ?? null,
    address: user?.address ?? null,
  };
}

/** The user form; server field errors (and duplicate e-mail, invalid line manager) show under their fields. */
export function UserForm({ user }: { user: User | undefined }) {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const save = useSaveUser(user?.id);
  const managers = useManagers();
  const sendLink = useSendPasswordLink();
  const me = useMe();
  // Spec §6 "COMPTABLE listed as disabled": every profile is listed, those the user may not give are disabled.
  const profileOptions = profiles.map((p) => ({
    value: p,
    label: t(`profiles.${p}`),
    disabled: !mayGiveProfile({ profile: me.user.profile, permissions: me.permissions }, p),
  }));
  const form = useForm<UserFormValues>({
    initialValues: initialValues(user),
    validate: schemaValidator(userInputSchema, t, (values: UserFormValues) => toInput(values, user)),
  });

  const managerOptions = (managers.data ?? [])
    .filter((m) => m.id !== user?.id)
    .map((m) => ({ value: m.id, label: `${displayName(m)} (${t(`profiles.${m.profile}`)})` }));

  const submit = form.onSubmit((values) =>
    save.mutate(toInput(values, user), {
      onSuccess: (saved) => {
        // Someone else's address changes only once the new address confirms it (the link mailed there).
        if (saved.pendingEmail && saved.pendingEmail !== user?.pendingEmail) notify(t('emailChangePending', { email: saved.pendingEmail }), 'info');
        else notify(t('common.saved'), 'success');
        // Committed at once: a fast reopen of "new user" must not find this form still mounted.
        void navigate('/users/list', { flushSync: true });
      },
      onError: (error) => showFormError(form, error, t, { EMAIL_ALREADY_EXISTS: 'email', INVALID_LINE_MANAGER: 'parentId' }),
    }),
  );

  return (
    <Paper withBorder p="lg" radius="md">
      <form noValidate onSubmit={submit}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PersonFields inputProps={(field) => form.getInputProps(field)} />
            <TextInput
              label={t('fields.email')}
              type="email"
              required
              description={user?.pendingEmail ? t('emailPendingDescription', { email: user.pendingEmail }) : undefined}
              {...form.getInputProps('email')}
            />
            <Select
              label={t('fields.profile')}
              required
              allowDeselect={false}
              data={profileOptions}
              description={profileOptions.some((o) => o.disabled) ? t('profileDirectorOnly') : undefined}
              {...form.getInputProps('profile')}
            />
            <Select
              label={t('fields.lineManager')}
              clearable
              searchable
              data={managerOptions}
              nothingFoundMessage={t('common.noResults')}
              {...form.getInputProps('parentId')}
            />
            {user && <Switch mt="xl" label={t('activeSwitch')} {...form.getInputProps('active', { type: 'checkbox' })} />}
          </SimpleGrid>
          <Group justify="space-between">
            {user ? (
              <Button
                variant="subtle"
                loading={sendLink.isPending}
                onClick={() => sendLink.mutate(user.id, { onSuccess: () => notify(t('passwordLinkSent'), 'success') })}
              >
                {t('sendPasswordLink')}
              </Button>
            ) : (
              <span />
            )}
            <Group>
              <Button variant="default" onClick={() => void navigate('/users/list')}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
