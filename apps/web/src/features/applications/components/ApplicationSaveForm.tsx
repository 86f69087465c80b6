import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { ApplicationUpdateInput } from '@paraphe/contracts';
import { notify } from '../../../shared/api/notify.ts';
import { showFormError } from '../../../shared/forms/formErrors.ts';
import { useUpdateApplication } from '../api.ts';

/**
 * The frame every tab of the application view shares: a form that saves its part of the application with
 * applicationEndpoints.update, tells "saved", maps server errors under the fields, and a Save button enabled
 * only when something changed.
 */
export function ApplicationSaveForm<Values extends Record<string, unknown>>({
  applicationId,
  form,
  toInput,
  children,
}: {
  applicationId: string;
  form: UseFormReturnType<Values>;
  toInput: (values: Values) => ApplicationUpdateInput;
  children: ReactNode;
}) {
  const { t } = useTranslation('applications');
  const update = useUpdateApplication(applicationId);
  const submit = form.onSubmit((values) =>
    update.mutate(toInput(values), {
      onSuccess: () => {
        form.resetDirty();
        notify(t('common.saved'), 'success');
      },
      onError: (error) => showFormError(form, error, t),
    }),
  );
  return (
    <Paper withBorder p="lg" radius="md">
      <form noValidate onSubmit={submit}>
        <Stack>
          {children}
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
