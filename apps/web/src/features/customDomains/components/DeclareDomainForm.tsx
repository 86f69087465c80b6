import { Button, Group, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CustomDomainPurpose } from '@paraphe/contracts';
import { useTranslation } from 'react-i18next';
import { notifyApiError } from '../../../shared/api/notify.ts';
import { ApiError } from '../../../shared/api/apiError.ts';
import { useDeclareDomain } from '../api.ts';

/** Adding a domain: the host and its purpose (only the purposes still free). The server checks the name. */
export function DeclareDomainForm({ purposes }: { purposes: CustomDomainPurpose[] }) {
  const { t } = useTranslation('customDomains');
  const declare = useDeclareDomain();
  const form = useForm({ initialValues: { host: '', purpose: purposes[0]! } });
  const submit = form.onSubmit((values) =>
    declare.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (error) => {
        const field = error instanceof ApiError ? error.fields[0]?.field : undefined;
        if (field === 'host') form.setFieldError('host', t(error instanceof ApiError && error.code === 'CONFLICT' ? 'form.hostTaken' : 'form.hostInvalid'));
        else notifyApiError(error);
      },
    }),
  );
  return (
    <form onSubmit={submit}>
      <Group align="flex-start" wrap="wrap">
        <TextInput label={t('form.host')} placeholder="sign.example.com" description={t('form.hostHelp')} w={320} {...form.getInputProps('host')} />
        <Select
          label={t('form.purpose')}
          data={purposes.map((p) => ({ value: p, label: t(`purpose.${p}`) }))}
          allowDeselect={false}
          w={220}
          {...form.getInputProps('purpose')}
        />
        <Button type="submit" mt={25} loading={declare.isPending} disabled={!form.values.host.trim()}>
          {t('form.add')}
        </Button>
      </Group>
    </form>
  );
}
