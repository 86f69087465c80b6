import { Alert, Button, Center, Group, Loader, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { billingCountries, type BillingProfile, type BillingProfileInput, type PaymentMethod, languageTag } from '@paraphe/contracts';
import { ApiError, isCancellation } from '../../../shared/api/apiError.ts';
import { notify, notifyApiError } from '../../../shared/api/notify.ts';
import { useMe } from '../../auth/index.ts';
import { useBillingProfile, useSaveBillingProfile } from '../api.ts';
import { profileErrors, serverProfileErrors } from './profileErrors.ts';

type Values = Omit<Record<keyof BillingProfileInput, string>, 'paymentMethod'> & { paymentMethod: PaymentMethod };
const textFields = [
  'billingEmail',
  'companyName',
  'registrationNumber',
  'department',
  'vatNumber',
  'address',
  'postalCode',
  'city',
  'country',
  'iban',
  'bic',
] as const;

const valuesOf = (p: BillingProfile | null | undefined): Values => ({
  ...(Object.fromEntries(textFields.map((f) => [f, p?.[f] ?? ''])) as Omit<Values, 'paymentMethod'>),
  country: p?.country ?? 'FR',
  paymentMethod: p?.paymentMethod ?? 'sepa',
});
const inputOf = (v: Values) => v as unknown as BillingProfileInput;

/** Settings → Billing: the billing profile (spec §3); complete, it lets the tenant send in live mode. */
export function BillingProfileForm() {
  const profile = useBillingProfile();
  if (!profile.data)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  return <ProfileForm profile={profile.data.profile} complete={profile.data.complete} exempt={profile.data.exempt} />;
}

/** What live sending needs of this profile: complete, or nothing at all for the platform's own tenant. */
function ProfileStatus({ complete, exempt }: { complete: boolean; exempt: boolean }) {
  const { t } = useTranslation('billing');
  if (exempt)
    return (
      <Alert color="blue" variant="light" icon={<IconCircleCheck size={18} />}>
        {t('profile.exempt')}
      </Alert>
    );
  if (complete)
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
        {t('profile.complete')}
      </Alert>
    );
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
      {t('profile.incomplete')}
    </Alert>
  );
}

function ProfileForm({ profile, complete, exempt }: { profile: BillingProfile | null; complete: boolean; exempt: boolean }) {
  const { t, i18n } = useTranslation('billing');
  const me = useMe();
  const canManage = me.permissions.includes('billing.manage');
  const save = useSaveBillingProfile();
  const form = useForm<Values>({ initialValues: valuesOf(profile), validate: (values) => profileErrors(inputOf(values), t) });
  const countryNames = new Intl.DisplayNames([languageTag(i18n.language)], { type: 'region' });
  const countries = billingCountries
    .map((code) => ({ value: code, label: countryNames.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));

  const submit = form.onSubmit((values) =>
    save.mutate(inputOf(values), {
      onSuccess: (state) => {
        form.setInitialValues(valuesOf(state.profile));
        form.setValues(valuesOf(state.profile));
        notify(t('profile.saved'), 'success');
      },
      onError: (error) => {
        if (isCancellation(error)) return;
        if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.fields.length) form.setErrors(serverProfileErrors(error.fields, t));
        else notifyApiError(error);
      },
    }),
  );
  const sepa = form.values.paymentMethod === 'sepa';

  return (
    <Paper withBorder p="lg" radius="md">
      <form noValidate onSubmit={submit}>
        <Stack>
          <ProfileStatus complete={complete} exempt={exempt} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('profile.companyName')} required disabled={!canManage} {...form.getInputProps('companyName')} />
            <TextInput
              label={t('profile.billingEmail')}
              type="email"
              required
              disabled={!canManage}
              description={t('profile.billingEmailHelp')}
              {...form.getInputProps('billingEmail')}
            />
            <Select
              label={t('profile.country')}
              required
              searchable
              disabled={!canManage}
              data={countries}
              allowDeselect={false}
              {...form.getInputProps('country')}
            />
            <TextInput
              label={t(form.values.country === 'FR' ? 'profile.siren' : 'profile.registrationNumber')}
              required
              disabled={!canManage}
              {...form.getInputProps('registrationNumber')}
            />
            <TextInput label={t('profile.vatNumber')} description={t('profile.vatNumberHelp')} disabled={!canManage} {...form.getInputProps('vatNumber')} />
            <TextInput label={t('profile.department')} disabled={!canManage} {...form.getInputProps('department')} />
            <TextInput label={t('profile.address')} required disabled={!canManage} {...form.getInputProps('address')} />
            <SimpleGrid cols={2}>
              <TextInput label={t('profile.postalCode')} required disabled={!canManage} {...form.getInputProps('postalCode')} />
              <TextInput label={t('profile.city')} required disabled={!canManage} {...form.getInputProps('city')} />
            </SimpleGrid>
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('profile.paymentMethod')}
            </Text>
            <SegmentedControl
              disabled={!canManage}
              data={[
                { value: 'sepa', label: t('profile.sepa') },
                { value: 'card', label: t('profile.card') },
              ]}
              {...form.getInputProps('paymentMethod')}
            />
          </Stack>
          {sepa ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('profile.iban')} required disabled={!canManage} placeholder="FR76 …" {...form.getInputProps('iban')} />
              <TextInput label={t('profile.bic')} disabled={!canManage} {...form.getInputProps('bic')} />
            </SimpleGrid>
          ) : (
            <Text size="sm" c="dimmed">
              {t('profile.cardHelp')}
            </Text>
          )}
          {canManage && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t('profile.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
