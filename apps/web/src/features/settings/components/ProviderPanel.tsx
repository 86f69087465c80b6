import { Button, Group, Paper, PasswordInput, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { signingProviders, type ProviderCredentialsInput, type TenantSettings } from '@paraphe/contracts';
import { ApiError } from '../../../shared/api/apiError.ts';
import { notify } from '../../../shared/api/notify.ts';
import { emptyToNull, showFormError } from '../../../shared/forms/formErrors.ts';
import { useSaveProvider, useTestProvider } from '../api.ts';

const textFields = ['login', 'offerCode', 'distributorCode', 'folderId', 'entityId', 'profile'] as const;
type Values = Record<(typeof textFields)[number] | 'password', string> & { provider: (typeof signingProviders)[number] };

/**
 * The tenant's signing-provider credentials (spec §3) and their connection test (spec §8: fill them first, incorrect,
 * the provider is having difficulties). The password is never shown back: an empty field keeps the saved one.
 */
export function ProviderPanel({ settings }: { settings: TenantSettings }) {
  const { t } = useTranslation('settings');
  const saved = settings.provider;
  const save = useSaveProvider(settings.appId);
  const test = useTestProvider(settings.appId);
  const form = useForm<Values>({
    initialValues: { provider: saved?.provider ?? 'provider1', password: '', ...Object.fromEntries(textFields.map((f) => [f, saved?.[f] ?? ''])) } as Values,
  });
  const toInput = (v: Values): ProviderCredentialsInput => ({
    provider: v.provider,
    ...Object.fromEntries(textFields.map((f) => [f, emptyToNull(v[f])])),
    ...(v.password ? { password: v.password } : {}),
  });
  const runTest = () =>
    test.mutate(undefined, {
      onSuccess: () => notify(t('provider.testOk'), 'success'),
      onError: (error) => notify(error instanceof ApiError ? t(`errors.${error.code}`, { defaultValue: error.message }) : String(error), 'error'),
    });
  return (
    <Paper withBorder p="lg" radius="md">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          save.mutate(toInput(values), {
            onSuccess: () => {
              form.setFieldValue('password', '');
              notify(t('common.saved'), 'success');
            },
            onError: (error) => showFormError(form, error, t),
          }),
        )}
      >
        <Stack>
          <Title order={4}>{t('provider.title')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('provider.provider')}
              allowDeselect={false}
              data={signingProviders.map((p) => ({ value: p, label: t(`provider.providers.${p}`) }))}
              {...form.getInputProps('provider')}
            />
            <TextInput label={t('provider.login')} autoComplete="off" {...form.getInputProps('login')} />
            <PasswordInput
              label={t('provider.password')}
              autoComplete="new-password"
              placeholder={saved?.hasPassword ? t('provider.passwordSaved') : undefined}
              {...form.getInputProps('password')}
            />
            {textFields.slice(1).map((f) => (
              <TextInput key={f} label={t(`provider.${f}`)} {...form.getInputProps(f)} />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" loading={test.isPending} onClick={runTest}>
              {t('provider.test')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
