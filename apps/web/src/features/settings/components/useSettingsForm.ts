import { useForm } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { TenantSettings } from '@paraphe/contracts';
import { notify } from '../../../shared/api/notify.ts';
import { schemaValidator, showFormError } from '../../../shared/forms/formErrors.ts';

/**
 * A settings form (tabs General, Parameters): checked by its contract on the way, saved by `save`, the server's
 * field errors shown under their fields, "saved" told.
 */
export function useSettingsForm<V extends Record<string, unknown>, I>(opts: {
  initialValues: V;
  schema: z.ZodType;
  toInput: (values: V) => I;
  save: UseMutationResult<TenantSettings, Error, I>;
}) {
  const { t } = useTranslation('settings');
  const form = useForm<V>({ initialValues: opts.initialValues, validate: schemaValidator(opts.schema, t, opts.toInput) });
  const onSubmit = form.onSubmit((values) =>
    opts.save.mutate(opts.toInput(values), { onSuccess: () => notify(t('common.saved'), 'success'), onError: (error) => showFormError(form, error, t) }),
  );
  return { form, onSubmit };
}
