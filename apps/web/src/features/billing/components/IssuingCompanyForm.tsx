import { Button, Group, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { issuerProblems, type IssuingCompany, type IssuingCompanyInput } from '@paraphe/contracts';
import { ApiError, isCancellation } from '../../../shared/api/apiError.ts';
import { notify, notifyApiError } from '../../../shared/api/notify.ts';
import { useSaveIssuingCompany } from '../invoicingApi.ts';

type Values = Omit<IssuingCompanyInput, 'iban' | 'bic'> & { iban: string; bic: string };
const textFields = [
  'name',
  'legalForm',
  'shareCapital',
  'address',
  'postalCode',
  'city',
  'siren',
  'rcsCity',
  'vatNumber',
  'iban',
  'bic',
  'invoicePrefix',
] as const;
/** The installation's placeholders are shown as empty fields to fill, never as values to keep. */
const withoutPlaceholder = (value: string) => (/\[[A-Z_]+\]/.test(value) || /^0+$/.test(value) || /^FR\d{2}0{9}$/.test(value) ? '' : value);

const valuesOf = (c: IssuingCompany | null): Values => ({
  ...(Object.fromEntries(textFields.map((f) => [f, withoutPlaceholder(c?.[f] ?? '')])) as Record<(typeof textFields)[number], string>),
  invoicePrefix: c?.invoicePrefix ?? '',
  latePenaltyText: c?.latePenaltyText ?? '',
  paymentTermsDays: c?.paymentTermsDays ?? 30,
});
const inputOf = (v: Values): IssuingCompanyInput => ({
  ...v,
  iban: v.iban.trim() ? v.iban.replace(/\s/g, '').toUpperCase() : null,
  bic: v.bic.trim() ? v.bic.trim().toUpperCase() : null,
});

/**
 * Applications → Billing → Issuing companies: the seller printed on invoices (docs/invoicing.md). The checks are
 * the server's (`issuerProblems`), run before sending so each field says what is wrong.
 */
export function IssuingCompanyForm({ company, onDone }: { company: IssuingCompany | null; onDone: () => void }) {
  const { t } = useTranslation('billing');
  const save = useSaveIssuingCompany();
  const form = useForm<Values>({
    initialValues: valuesOf(company),
    validate: (values) => {
      const errors: Record<string, string> = {};
      for (const p of issuerProblems(inputOf(values))) errors[p.field] = t(`issuers.problems.${p.field}`);
      if (!/^[A-Z0-9]{1,8}$/.test(values.invoicePrefix.trim())) errors.invoicePrefix = t('issuers.prefixRule');
      if (!values.latePenaltyText.trim()) errors.latePenaltyText = t('issuers.required');
      return errors;
    },
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: company?.id ?? null, input: inputOf(values) },
      {
        onSuccess: () => {
          notify(t('issuers.saved'), 'success');
          onDone();
        },
        onError: (error) => {
          if (isCancellation(error)) return;
          if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.fields.length)
            form.setErrors(Object.fromEntries(error.fields.map((f) => [f.field, f.message])));
          else notifyApiError(error);
        },
      },
    ),
  );
  const field = (name: (typeof textFields)[number], extra: { description?: string; required?: boolean } = {}) => (
    <TextInput label={t(`issuers.fields.${name}`)} required={extra.required ?? true} description={extra.description} {...form.getInputProps(name)} />
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field('name')}
          {field('legalForm')}
          {field('shareCapital', { description: t('issuers.shareCapitalHelp') })}
          {field('siren')}
          {field('rcsCity')}
          {field('vatNumber')}
        </SimpleGrid>
        {field('address')}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field('postalCode')}
          {field('city')}
          {field('iban', { required: false, description: t('issuers.ibanHelp') })}
          {field('bic', { required: false })}
          {field('invoicePrefix', { description: t('issuers.prefixHelp') })}
          <NumberInput label={t('issuers.fields.paymentTermsDays')} min={0} max={60} required {...form.getInputProps('paymentTermsDays')} />
        </SimpleGrid>
        <Textarea label={t('issuers.fields.latePenaltyText')} autosize minRows={2} required {...form.getInputProps('latePenaltyText')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('issuers.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('issuers.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
