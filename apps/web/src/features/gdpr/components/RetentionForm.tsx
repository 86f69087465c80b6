import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { gdprRetentionSchema, retentionKinds, type GdprRetention, type GdprSettings } from '@paraphe/contracts';
import { notify } from '../../../shared/api/notify.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { schemaValidator, showFormError } from '../../../shared/forms/formErrors.ts';
import { useSaveGdprSettings } from '../api.ts';

const fieldOf = {
  finishedDocuments: 'finishedDocumentsMonths',
  signerData: 'signerDataMonths',
  staleContacts: 'staleContactsMonths',
  evidence: 'evidenceMonths',
} as const;

/** The retention period of each kind of data, in months; the evidence never under the legal minimum. */
export function RetentionForm({ settings }: { settings: GdprSettings }) {
  const { t, i18n } = useTranslation('gdpr');
  const save = useSaveGdprSettings();
  const form = useForm<GdprRetention>({
    initialValues: {
      finishedDocumentsMonths: settings.finishedDocumentsMonths,
      signerDataMonths: settings.signerDataMonths,
      staleContactsMonths: settings.staleContactsMonths,
      evidenceMonths: settings.evidenceMonths,
    },
    validate: schemaValidator(gdprRetentionSchema, t),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => notify(t('retention.saved'), 'success'),
      onError: (error) => showFormError(form, error, t),
    }),
  );

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack>
        <div>
          <Title order={3}>{t('retention.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('retention.help')}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {retentionKinds.map((kind) => (
            <NumberInput
              key={kind}
              label={t(`retention.kinds.${kind}`)}
              description={t(`retention.kindHelp.${kind}`, { months: settings.evidenceMinimumMonths })}
              suffix={` ${t('retention.months')}`}
              min={kind === 'evidence' ? settings.evidenceMinimumMonths : 1}
              max={600}
              allowDecimal={false}
              required
              {...form.getInputProps(fieldOf[kind])}
            />
          ))}
        </SimpleGrid>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {settings.lastPurgeAt ? t('retention.lastPurge', { date: formatDateTime(settings.lastPurgeAt, i18n.language) }) : t('retention.noPurgeYet')}
          </Text>
          <Button type="submit" loading={save.isPending}>
            {t('retention.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
