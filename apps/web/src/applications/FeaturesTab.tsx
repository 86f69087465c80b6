import { Button, Group, Paper, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { features, type Application, type FeatureFlags } from '@paraphe/contracts';
import { notify } from '../api/notify.ts';
import { showFormError } from '../forms/formErrors.ts';
import { useUpdateApplication } from './api.ts';

/** Tab "Application": the tenant's feature toggles (spec §6). */
export function FeaturesTab({ application }: { application: Application }) {
  const { t } = useTranslation();
  const update = useUpdateApplication(application.id);
  const form = useForm<{ features: FeatureFlags }>({ initialValues: { features: application.features } });
  return (
    <Paper withBorder p="lg" radius="md">
      <form
        onSubmit={form.onSubmit((values) =>
          update.mutate(values, {
            onSuccess: () => {
              form.resetDirty();
              notify(t('common.saved'), 'success');
            },
            onError: (error) => showFormError(form, error, t),
          }),
        )}
      >
        <Stack>
          <Text size="sm" c="dimmed">{t('applications.featuresHelp')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {features.map((feature) => (
              <Switch key={feature} label={t(`features.${feature}`)} {...form.getInputProps(`features.${feature}`, { type: 'checkbox' })} />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>{t('common.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
