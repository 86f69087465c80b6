import { Checkbox, Select, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { stampEndpoints } from '@paraphe/contracts';
import { callEndpoint } from '../../../../shared/api/endpoints.ts';
import type { Draft } from '../../draft.ts';

/**
 * Options → General, with the feature `stamp` only: "Stamp documents before signing" and the stamp account that
 * seals (empty = the tenant's default). The server checks the account again at send (409 when there is none).
 */
export function StampBeforeSigning({ form }: { form: UseFormReturnType<Draft> }) {
  const { t } = useTranslation('signatures');
  const on = form.getValues().options.stampBeforeSigning;
  // The stamps feature's own query key: the stamp screen and this select share the cache.
  const accounts = useQuery({
    queryKey: ['stamps', 'accounts'],
    queryFn: ({ signal }) => callEndpoint(stampEndpoints.listAccounts, { signal }).then((r) => r.data),
  });
  const data = (accounts.data ?? []).map((a) => ({ value: a.id, label: a.isDefault ? `${a.label} (${t('options.stampDefault')})` : a.label }));
  return (
    <Stack gap="xs" mt="md">
      <Checkbox
        label={t('options.stampBeforeSigning')}
        description={t('options.stampBeforeSigningHelp')}
        {...form.getInputProps('options.stampBeforeSigning', { type: 'checkbox' })}
      />
      {on && (
        <Select
          label={t('options.stampAccount')}
          placeholder={t('options.stampAccountDefault')}
          data={data}
          clearable
          maw={360}
          error={accounts.data?.length === 0 ? t('options.noStampAccount') : form.errors['options.stampAccount']}
          value={form.getValues().options.stampAccount || null}
          onChange={(value) => form.setFieldValue('options.stampAccount', value ?? '')}
        />
      )}
    </Stack>
  );
}
