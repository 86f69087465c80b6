import { useRef, useState } from 'react';
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconFileUpload, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { documentTypes, pdfMimeType, zipMimeTypes, type SignatureField } from '@paraphe/contracts';
import type { DraftDocument, DraftSigner } from '../draft.ts';
import { PositionEditor } from './PositionEditor.tsx';

type Props = {
  documents: DraftDocument[];
  signers: DraftSigner[];
  errors: Record<string, string>;
  onAddFiles: (files: File[]) => void;
  onChange: (index: number, patch: Partial<DraftDocument>) => void;
  onRemove: (index: number) => void;
};

const isZip = (file: File) => (zipMimeTypes as readonly string[]).includes(file.type) || /\.zip$/i.test(file.name);
export const isAcceptedFile = (file: File) => file.type === pdfMimeType || /\.pdf$/i.test(file.name) || isZip(file);

/** Documents: add PDFs or ZIPs (button or drop), type, consent sentences, and the signature positions. */
export function DocumentsTab({ documents, signers, errors, onAddFiles, onChange, onRemove }: Props) {
  const { t } = useTranslation('signatures');
  const input = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);

  return (
    <Stack gap="sm">
      <Paper
        withBorder
        p="lg"
        onDragOver={(e) => {
          e.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragOver(false);
          onAddFiles([...e.dataTransfer.files]);
        }}
        style={{ borderStyle: 'dashed', background: dragOver ? 'var(--mantine-color-blue-light)' : undefined, textAlign: 'center' }}
      >
        <input ref={input} type="file" accept=".pdf,.zip,application/pdf,application/zip" multiple hidden
          onChange={(e) => {
            onAddFiles([...(e.currentTarget.files ?? [])]);
            e.currentTarget.value = '';
          }} />
        <Button variant="light" leftSection={<IconFileUpload size={16} />} onClick={() => input.current?.click()}>{t('documents.add')}</Button>
        <Text size="xs" c="dimmed" mt="xs">{t('documents.dropHelp')}</Text>
      </Paper>
      {errors.documents && <Text c="red" size="sm">{errors.documents}</Text>}
      {documents.length === 0 && <Text c="dimmed" size="sm">{t('documents.none')}</Text>}
      {documents.map((d, i) => {
        const zip = isZip(d.file);
        const signable = d.documentType !== 'pdf-for-presentation';
        const err = (field: string) => errors[`documents.${i}.${field}`];
        return (
          <Paper key={d.key} withBorder p="sm">
            <Group justify="space-between" mb="xs" wrap="nowrap">
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>{d.file.name}</Text>
              <Tooltip label={t('documents.remove')}>
                <ActionIcon variant="subtle" color="red" onClick={() => onRemove(i)} aria-label={`${t('documents.remove')} ${d.file.name}`}><IconTrash size={16} /></ActionIcon>
              </Tooltip>
            </Group>
            <Group grow align="flex-start">
              <TextInput label={t('documents.title')} value={d.title} error={err('title')} onChange={(e) => onChange(i, { title: e.currentTarget.value })} />
              <Select label={t('documents.type')} allowDeselect={false} value={d.documentType} error={err('documentType')}
                data={documentTypes.map((type) => ({ value: type, label: t(`documents.types.${type}`) }))}
                onChange={(v) => v && onChange(i, { documentType: v as DraftDocument['documentType'] })} />
            </Group>
            <Stack gap={4} mt="sm">
              <Text size="sm" fw={500}>{t('documents.consents')}</Text>
              <Text size="xs" c="dimmed">{t('documents.consentsHelp')}</Text>
              {d.checkBoxTexts.map((text, c) => (
                <Group key={c} gap="xs" wrap="nowrap">
                  <TextInput style={{ flex: 1 }} size="xs" aria-label={t('documents.consent', { n: c + 1 })} value={text} error={err(`checkBoxTexts.${c}`)}
                    onChange={(e) => onChange(i, { checkBoxTexts: d.checkBoxTexts.map((x, k) => (k === c ? e.currentTarget.value : x)) })} />
                  <ActionIcon variant="subtle" aria-label={`${t('signers.remove')} ${c + 1}`} onClick={() => onChange(i, { checkBoxTexts: d.checkBoxTexts.filter((_, k) => k !== c) })}><IconX size={14} /></ActionIcon>
                </Group>
              ))}
              <Group>
                <Button size="compact-xs" variant="subtle" leftSection={<IconPlus size={12} />} onClick={() => onChange(i, { checkBoxTexts: [...d.checkBoxTexts, ''] })}>{t('documents.addConsent')}</Button>
              </Group>
            </Stack>
            {signable && (
              <Stack gap="xs" mt="sm">
                <Group gap="sm">
                  <Text size="sm">{t('documents.fieldsCount', { count: d.signatureFields.length })}</Text>
                  {zip ? (
                    <Text size="xs" c="dimmed">{t('documents.zipFields')}</Text>
                  ) : (
                    <Button size="compact-sm" variant="light" onClick={() => setEditing(editing === d.key ? null : d.key)}>
                      {editing === d.key ? t('documents.hideFields') : t('documents.placeFields')}
                    </Button>
                  )}
                </Group>
                {err('signatureFields') && <Text c="red" size="sm">{err('signatureFields')}</Text>}
                {editing === d.key && !zip && (
                  <PositionEditor file={d.file} signers={signers} fields={d.signatureFields}
                    onChange={(signatureFields: SignatureField[]) => onChange(i, { signatureFields })} />
                )}
              </Stack>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
