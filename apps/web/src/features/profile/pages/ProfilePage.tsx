import { Button, Divider, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { locales, profileInputSchema, type Locale, type Me, type ProfileInput } from '@paraphe/contracts';
import { notify } from '../../../shared/api/notify.ts';
import { useForgotPassword, useMe } from '../../auth/index.ts';
import { emptyToNull, schemaValidator, showFormError } from '../../../shared/forms/formErrors.ts';
import { applyLanguage } from '../../../shared/i18n/i18n.ts';
import { languageNames, localeFromTag } from '../../../shared/i18n/language.ts';
import { PersonFields, civilityOf } from '../../../shared/forms/PersonFields.tsx';
import { useSaveInterfaceLanguage } from '../../../shared/api/preferences.ts';
import { useUpdateOwnProfile } from '../api.ts';
import { PasskeysPanel } from '../components/PasskeysPanel.tsx';

type ProfileValues = {
  civility: string | null; language: Locale; firstName: string; lastName: string;
  mobile: string; phone: string; company: string; address: string;
};

function valuesOf(me: Me): ProfileValues {
  const { user } = me;
  return {
    civility: user.civility, language: user.language, firstName: user.firstName, lastName: user.lastName,
    mobile: user.mobile ?? '', phone: user.phone ?? '', company: user.company ?? '', address: user.address ?? '',
  };
}

function toInput(values: ProfileValues): ProfileInput {
  return {
    ...values,
    civility: civilityOf(values.civility),
    mobile: emptyToNull(values.mobile),
    phone: emptyToNull(values.phone),
    company: emptyToNull(values.company),
    address: emptyToNull(values.address),
  };
}

/** `settings/profile`: own fields (userEndpoints.updateOwnProfile), interface language, password change by mail link. */
export function ProfilePage() {
  const { t, i18n } = useTranslation('profile');
  const me = useMe();
  const update = useUpdateOwnProfile();
  const saveLanguage = useSaveInterfaceLanguage();
  const passwordLink = useForgotPassword();
  const form = useForm<ProfileValues>({
    initialValues: valuesOf(me),
    validate: schemaValidator(profileInputSchema, t, toInput),
  });
  const interfaceLanguage = localeFromTag(i18n.language) ?? 'fr';

  return (
    <Stack>
      <Title order={2}>{t('screens.profile')}</Title>
      <Paper withBorder p="lg" radius="md">
        <form
          noValidate
          onSubmit={form.onSubmit((values) =>
            update.mutate(toInput(values), {
              onSuccess: () => notify(t('common.saved'), 'success'),
              onError: (error) => showFormError(form, error, t),
            }),
          )}
        >
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('fields.email')} value={me.user.email} readOnly variant="filled" />
              <TextInput label={t('fields.profile')} value={t(`profiles.${me.user.profile}`)} readOnly variant="filled" />
              <PersonFields inputProps={(field) => form.getInputProps(field)} />
              <TextInput label={t('fields.company')} {...form.getInputProps('company')} />
              <TextInput label={t('fields.address')} {...form.getInputProps('address')} />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending}>{t('common.save')}</Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={4}>{t('preferences')}</Title>
          <Select
            label={t('interfaceLanguage')}
            allowDeselect={false}
            maw={320}
            data={locales.map((l) => ({ value: l, label: languageNames[l] }))}
            value={interfaceLanguage}
            onChange={(value) => {
              const locale = localeFromTag(value);
              if (!locale) return;
              applyLanguage(locale);
              saveLanguage.mutate(locale, { onSuccess: () => notify(t('common.saved'), 'success') });
            }}
          />
          <Divider />
          <Title order={4}>{t('password')}</Title>
          <Text size="sm" c="dimmed">{t('passwordHelp')}</Text>
          <Group>
            <Button
              variant="light"
              loading={passwordLink.isPending}
              onClick={() =>
                passwordLink.mutate(
                  { email: me.user.email, language: interfaceLanguage },
                  { onSuccess: () => notify(t('passwordLinkSent', { email: me.user.email }), 'success') },
                )
              }
            >
              {t('changePassword')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <PasskeysPanel />
    </Stack>
  );
}
