import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RequestTemplate } from '@paraphe/contracts';
import { notify } from '../../../shared/api/notify.ts';
import { downloadTemplateDocument } from '../api.ts';

/** The template's documents, each with its pages and signature positions, and the PDF to look at. */
export function TemplateDocumentsList({ template }: { template: RequestTemplate }) {
  const { t } = useTranslation('requestTemplates');
  const open = (docId: string, fileName: string) =>
    downloadTemplateDocument(template.id, docId, fileName).catch(() => notify(t('errors.documentFailed'), 'error'));
  return (
    <Stack gap="xs">
      {template.documents.map((d) => (
        <Group key={d.id} justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <IconFileTypePdf size={18} aria-hidden />
            <div>
              <Text size="sm" fw={500}>
                {d.title || d.fileName}
              </Text>
              <Text size="xs" c="dimmed">
                {t('documents.summary', { fileName: d.fileName, pages: d.pageCount, fields: d.signatureFields.length })}
              </Text>
            </div>
          </Group>
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => void open(d.id, d.fileName)}
            aria-label={t('documents.downloadNamed', { name: d.fileName })}
          >
            {t('documents.download')}
          </Button>
        </Group>
      ))}
    </Stack>
  );
}
