import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { billingCountries, languageTag, registrationNumberProblem, type Application } from '@paraphe/contracts';
import { notify } from '../../../shared/api/notify.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { showFormError } from '../../../shared/forms/formErrors.ts';
import { useCompanyIdentity } from '../api.ts';

type Values = { legalName: string; registrationNumber: string; country: string };

/**
 * "Company identity verified" (product administrator, tab General): the platform CA certifies the account's seals
 * under the company name it typed; the public verification page confirms that name only once the administrator has
 * checked the legal name and registration number (in the registry) and recorded it here. Audited; withdrawn by the
 * server when the account changes its name or number.
 */
export function CompanyIdentityPanel({ application }: { application: Application }) {
  const { t, i18n } = useTranslation('applications');
  const { verify, withdraw } = useCompanyIdentity(application.id);
  const verified = application.companyIdentity;
  const form = useForm<Values>({
    initialValues: {
      legalName: verified?.legalName ?? application.company,
      registrationNumber: verified?.registrationNumber ?? '',
      country: verified?.country ?? 'FR',
    },
    validate: {
      legalName: (v) => (v.trim() ? null : t('identity.legalNameRequired')),
      registrationNumber: (v, values) => (v.trim() && !registrationNumberProblem(v, values.country) ? null : t('identity.numberInvalid')),
    },
  });
  const countryNames = new Intl.DisplayNames([languageTag(i18n.language)], { type: 'region' });
  const countries = billingCountries
    .map((code) => ({ value: code, label: countryNames.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  const submit = form.onSubmit((values) =>
    verify.mutate(values as Values & { country: (typeof billingCountries)[number] }, {
      onSuccess: () => notify(t('identity.recorded'), 'success'),
      onError: (error) => showFormError(form, error, t),
    }),
  );

  return (
    <Paper withBorder p="lg" radius="md">
      <form noValidate onSubmit={submit}>
        <Stack>
          <Title order={4}>{t('identity.title')}</Title>
          {verified ? (
            <Alert color="teal" title={t('identity.verified')}>
              {t('identity.verifiedDetail', {
                name: verified.legalName,
                number: verified.registrationNumber,
                country: countryNames.of(verified.country) ?? verified.country,
                date: formatDateTime(verified.verifiedAt, i18n.language),
                by: verified.verifiedBy ?? '—',
              })}
            </Alert>
          ) : (
            <Alert color="orange" title={t('identity.notVerified')}>
              {t('identity.notVerifiedDetail', { company: application.company })}
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            {t('identity.help')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('identity.legalName')} required {...form.getInputProps('legalName')} />
            <TextInput label={t('identity.registrationNumber')} required {...form.getInputProps('registrationNumber')} />
            <Select label={t('identity.country')} data={countries} searchable allowDeselect={false} {...form.getInputProps('country')} />
          </SimpleGrid>
          <Group justify="flex-end">
            {verified && (
              <Button
                variant="default"
                color="red"
                loading={withdraw.isPending}
                onClick={() => withdraw.mutate(undefined, { onSuccess: () => notify(t('identity.withdrawn'), 'success') })}
              >
                {t('identity.withdraw')}
              </Button>
            )}
            <Button type="submit" loading={verify.isPending}>
              {t('identity.markVerified')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
