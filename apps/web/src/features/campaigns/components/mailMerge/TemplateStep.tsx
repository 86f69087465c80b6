import { useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileTypeDocx } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { uploadTemplate } from '../../api.ts';
import { placeholder } from '../../mailMerge.ts';
import { useTemplateErrorMessage } from './templateErrors.ts';

export type ChosenTemplate = { id: string; fileName: string; variables: string[] };

const accepted = /\.(docx|odt)$/i;

/**
 * The form's Template step of a mail-merge campaign: the .docx or .odt whose `${variables}` are filled per signatory.
 * Uploaded at once (the server reads its variables and refuses what it cannot fill); another file replaces it.
 */
export function TemplateStep({ template, onChange }: { template: ChosenTemplate | null; onChange: (template: ChosenTemplate) => void }) {
  const { t } = useTranslation('campaigns');
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const errorMessage = useTemplateErrorMessage();

  const upload = (file: File | undefined) => {
    if (!file) return;
    if (!accepted.test(file.name)) {
      setProblem(t('mailMerge.errors.fileType'));
      return;
    }
    setProblem(null);
    setUploading(true);
    uploadTemplate(file)
      .then((stored) => onChange({ id: stored.id, fileName: stored.fileName, variables: stored.variables }))
      .catch((error: unknown) => setProblem(errorMessage(error)))
      .finally(() => setUploading(false));
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('mailMerge.template.help')}
      </Text>
      <Paper withBorder p="md" style={{ borderStyle: 'dashed' }}>
        <Group gap="sm" wrap="wrap">
          <input
            ref={input}
            type="file"
            hidden
            aria-label={t('mailMerge.template.file')}
            accept=".docx,.odt,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/vnd.oasis.opendocument.text"
            onChange={(e) => {
              upload(e.currentTarget.files?.[0]);
              e.currentTarget.value = '';
            }}
          />
          <Button variant="light" leftSection={<IconFileTypeDocx size={16} />} loading={uploading} onClick={() => input.current?.click()}>
            {t(template ? 'mailMerge.template.replace' : 'mailMerge.template.choose')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('mailMerge.template.formats')}
          </Text>
        </Group>
      </Paper>
      {problem && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {problem}
        </Alert>
      )}
      {template && (
        <Stack gap={6}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {template.fileName}
          </Text>
          {template.variables.length === 0 ? (
            <Text size="sm" c="orange">
              {t('mailMerge.template.noVariables')}
            </Text>
          ) : (
            <>
              <Text size="sm">{t('mailMerge.template.variables', { count: template.variables.length })}</Text>
              <Group gap={6} role="group" aria-label={t('mailMerge.template.variablesLabel')}>
                {template.variables.map((v) => (
                  <Badge key={v} variant="light" tt="none">
                    {placeholder(v)}
                  </Badge>
                ))}
              </Group>
              <Text size="xs" c="dimmed">
                {t('mailMerge.template.mappingLater')}
              </Text>
            </>
          )}
        </Stack>
      )}
    </Stack>
  );
}
