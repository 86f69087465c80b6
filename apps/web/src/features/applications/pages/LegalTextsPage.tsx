import { Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { consentKinds, legalTextPublishSchema, type ConsentKind, type LegalTextVersion } from '@paraphe/contracts';
import { notify } from '../../../shared/api/notify.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { schemaValidator, showFormError } from '../../../shared/forms/formErrors.ts';
import { useLegalTextVersions, usePublishLegalText } from '../api.ts';

type PublishValues = { kind: ConsentKind; texts: { fr: { title: string; body: string }; en: { title: string; body: string } } };

/** A new version of one text, French and English (the other languages fall back to English until translated). */
function PublishForm({ versions }: { versions: LegalTextVersion[] }) {
  const { t } = useTranslation('applications');
  const publish = usePublishLegalText();
  const latest = (kind: ConsentKind) => versions.find((v) => v.kind === kind);
  const textsOf = (kind: ConsentKind) => {
    const texts = latest(kind)?.texts;
    return { fr: { title: texts?.fr?.title ?? '', body: texts?.fr?.body ?? '' }, en: { title: texts?.en?.title ?? '', body: texts?.en?.body ?? '' } };
  };
  const form = useForm<PublishValues>({ initialValues: { kind: 'terms', texts: textsOf('terms') }, validate: schemaValidator(legalTextPublishSchema, t) });
  const submit = form.onSubmit((values) =>
    publish.mutate(values, {
      onSuccess: (published) => notify(t('legalTexts.published', { version: published.version }), 'success'),
      onError: (error) => showFormError(form, error, t),
    }),
  );
  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack>
        <Title order={3}>{t('legalTexts.newVersion')}</Title>
        <Select
          label={t('legalTexts.kind')}
          data={consentKinds.map((kind) => ({ value: kind, label: t(`consents.kinds.${kind}`) }))}
          allowDeselect={false}
          value={form.values.kind}
          onChange={(kind) => kind && form.setValues({ kind: kind as ConsentKind, texts: textsOf(kind as ConsentKind) })}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {(['fr', 'en'] as const).map((lang) => (
            <Stack key={lang} gap="xs">
              <TextInput label={t(`legalTexts.title_${lang}`)} required {...form.getInputProps(`texts.${lang}.title`)} />
              <Textarea label={t(`legalTexts.body_${lang}`)} required autosize minRows={6} maxRows={16} {...form.getInputProps(`texts.${lang}.body`)} />
            </Stack>
          ))}
        </SimpleGrid>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('legalTexts.publishHelp')}
          </Text>
          <Button type="submit" loading={publish.isPending}>
            {t('legalTexts.publish')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** `applications/legal-texts` (product administrator): the terms of service and sign-up consents, versioned. */
export function LegalTextsPage() {
  const { t, i18n } = useTranslation('applications');
  const versions = useLegalTextVersions();
  const rows = versions.data ?? [];
  return (
    <Stack>
      <Title order={2}>{t('legalTexts.title')}</Title>
      {versions.data && <PublishForm versions={versions.data} />}
      <Paper withBorder p="lg" radius="md">
        <Table striped aria-label={t('legalTexts.history')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('consents.text')}</Table.Th>
              <Table.Th>{t('consents.version')}</Table.Th>
              <Table.Th>{t('legalTexts.titleColumn')}</Table.Th>
              <Table.Th>{t('legalTexts.publishedAt')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((v) => (
              <Table.Tr key={`${v.kind}-${v.version}`}>
                <Table.Td>{t(`consents.kinds.${v.kind}`)}</Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    {v.version}
                    {v === rows.find((r) => r.kind === v.kind) && <Badge variant="light">{t('legalTexts.current')}</Badge>}
                  </Group>
                </Table.Td>
                <Table.Td>{(v.texts[i18n.language] ?? v.texts.en)?.title}</Table.Td>
                <Table.Td>{v.builtIn ? t('legalTexts.builtIn') : `${formatDateTime(v.publishedAt, i18n.language)} — ${v.publishedBy?.name ?? ''}`}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
