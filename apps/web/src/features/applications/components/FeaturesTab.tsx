import { SimpleGrid, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { features, type Application, type FeatureFlags } from '@paraphe/contracts';
import { ApplicationSaveForm } from './ApplicationSaveForm.tsx';

/** Tab "Application": the tenant's feature toggles (spec §6). */
export function FeaturesTab({ application }: { application: Application }) {
  const { t } = useTranslation('applications');
  const form = useForm<{ features: FeatureFlags }>({ initialValues: { features: application.features } });
  return (
    <ApplicationSaveForm applicationId={application.id} form={form} toInput={(values) => values}>
      <Text size="sm" c="dimmed">
        {t('featuresHelp')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {features.map((feature) => (
          <Switch key={feature} label={t(`features.${feature}`)} {...form.getInputProps(`features.${feature}`, { type: 'checkbox' })} />
        ))}
      </SimpleGrid>
    </ApplicationSaveForm>
  );
}
