import { Button, Group, PasswordInput, Select, SimpleGrid, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { profiles, ssoConfigInputSchema, type Profile, type SsoConfig, type SsoConfigInput } from '@paraphe/contracts';
import { useTranslation } from 'react-i18next';
import { notify, notifyApiError } from '../../../shared/api/notify.ts';
import { emptyToNull, schemaValidator, showFormError } from '../../../shared/forms/formErrors.ts';
import { useManagers } from '../../users/index.ts';
import { useSaveSsoConfig, useTestSsoConfig } from '../api.ts';

interface Values {
  enabled: boolean;
  providerName: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  allowedDomains: string[];
  defaultProfile: Profile;
  defaultParentId: string | null;
  ssoOnly: boolean;
  breakGlassUserId: string | null;
}

/** The form's values as the contract takes them: an empty secret keeps the stored one. */
const toInput = (values: Values): SsoConfigInput => ({
  ...values,
  providerName: values.providerName.trim(),
  issuer: values.issuer.trim(),
  clientId: values.clientId.trim(),
  clientSecret: emptyToNull(values.clientSecret) ?? undefined,
  defaultParentId: values.defaultParentId || null,
  breakGlassUserId: values.breakGlassUserId || null,
});

/** Where a refused save shows: the discovery under the issuer, a domain of another account under the domains. */
const codeFields = { SSO_DISCOVERY_FAILED: 'issuer', CONFLICT: 'allowedDomains' };

export function SsoConfigForm({ config }: { config: SsoConfig }) {
  const { t } = useTranslation('sso');
  const save = useSaveSsoConfig();
  const test = useTestSsoConfig();
  const managers = useManagers();
  const form = useForm<Values>({
    initialValues: {
      enabled: config.enabled,
      providerName: config.providerName ?? '',
      issuer: config.issuer ?? 'https://',
      clientId: config.clientId ?? '',
      clientSecret: '',
      allowedDomains: config.allowedDomains,
      defaultProfile: config.defaultProfile,
      defaultParentId: config.defaultParentId,
      ssoOnly: config.ssoOnly,
      breakGlassUserId: config.breakGlassUserId,
    },
    validate: (values) => {
      const errors = schemaValidator(ssoConfigInputSchema, t, toInput)(values);
      if (!config.clientSecretSet && !values.clientSecret) errors.clientSecret = t('validation.required');
      return errors;
    },
  });
  const people = managers.data ?? [];
  const option = (user: (typeof people)[number]) => ({ value: user.id, label: `${user.firstName} ${user.lastName} (${user.email})` });
  const submit = form.onSubmit((values) =>
    save.mutate(toInput(values), {
      onSuccess: () => {
        form.setFieldValue('clientSecret', '');
        notify(t('saved'), 'success');
      },
      onError: (error) => showFormError(form, error, t, codeFields),
    }),
  );
  const runTest = () => test.mutate(undefined, { onSuccess: () => notify(t('testOk'), 'success'), onError: notifyApiError });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Switch label={t('form.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('form.providerName')} description={t('form.providerNameHelp')} required {...form.getInputProps('providerName')} />
          <TextInput label={t('form.issuer')} description={t('form.issuerHelp')} required {...form.getInputProps('issuer')} />
          <TextInput label={t('form.clientId')} required {...form.getInputProps('clientId')} />
          <PasswordInput
            label={t('form.clientSecret')}
            description={config.clientSecretSet ? t('form.clientSecretKept') : t('form.clientSecretHelp')}
            autoComplete="new-password"
            required={!config.clientSecretSet}
            {...form.getInputProps('clientSecret')}
          />
        </SimpleGrid>
        <TagsInput
          label={t('form.allowedDomains')}
          description={t('form.allowedDomainsHelp')}
          required
          splitChars={[',', ' ', ';']}
          {...form.getInputProps('allowedDomains')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('form.defaultProfile')}
            description={t('form.defaultProfileHelp')}
            data={profiles.map((p) => ({ value: p, label: t(`profiles.${p}`) }))}
            allowDeselect={false}
            {...form.getInputProps('defaultProfile')}
          />
          <Select label={t('form.defaultParent')} clearable data={people.map(option)} {...form.getInputProps('defaultParentId')} />
        </SimpleGrid>
        <Switch label={t('form.ssoOnly')} description={t('form.ssoOnlyHelp')} {...form.getInputProps('ssoOnly', { type: 'checkbox' })} />
        <Select
          label={t('form.breakGlass')}
          description={t('form.breakGlassHelp')}
          clearable
          required={form.values.ssoOnly}
          data={people.filter((p) => p.profile === 'GERANT').map(option)}
          {...form.getInputProps('breakGlassUserId')}
        />
        <Group justify="flex-end">
          {config.configured && (
            <Button variant="default" onClick={runTest} loading={test.isPending}>
              {t('test')}
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
