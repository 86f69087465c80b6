import { useRef, useState } from 'react';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { pdfMimeType, zipMimeTypes } from '@paraphe/contracts';
import type { DraftDocument, DraftSigner } from '../../draft.ts';
import { DocumentCard } from './DocumentCard.tsx';

type Props = {
  documents: DraftDocument[];
  signers: DraftSigner[];
  errors: Record<string, string>;
  onAddFiles: (files: File[]) => void;
  onChange: (index: number, patch: Partial<DraftDocument>) => void;
  onRemove: (index: number) => void;
  /**
   * The documents already stored with a saved draft that keeps them until new files replace them (a campaign's):
   * listed while no file is added, instead of "No document yet".
   */
  kept?: readonly KeptDocument[];
};

export type KeptDocument = { id: string; title: string; fileName: string; fieldCount: number };

export const isZip = (file: File) => (zipMimeTypes as readonly string[]).includes(file.type) || /\.zip$/i.test(file.name);
export const isAcceptedFile = (file: File) => file.type === pdfMimeType || /\.pdf$/i.test(file.name) || isZip(file);

/** Documents: add PDFs or ZIPs (button or drop), each checked by the server when added, then edited in its card. */
export function DocumentsTab({ documents, signers, errors, onAddFiles, onChange, onRemove, kept = [] }: Props) {
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
        <input
          ref={input}
          type="file"
          accept=".pdf,.zip,application/pdf,application/zip"
          multiple
          hidden
          onChange={(e) => {
            onAddFiles([...(e.currentTarget.files ?? [])]);
            e.currentTarget.value = '';
          }}
        />
        <Button variant="light" leftSection={<IconFileUpload size={16} />} onClick={() => input.current?.click()}>
          {t('documents.add')}
        </Button>
        <Text size="xs" c="dimmed" mt="xs">
          {t('documents.dropHelp')}
        </Text>
      </Paper>
      {errors.documents && (
        <Text c="red" size="sm">
          {errors.documents}
        </Text>
      )}
      {documents.length === 0 && kept.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('documents.none')}
        </Text>
      )}
      {documents.length === 0 &&
        kept.map((d) => (
          <Paper key={d.id} withBorder p="sm" data-testid="kept-document">
            <Text fw={500}>{d.title}</Text>
            <Text size="sm" c="dimmed">
              {d.fileName} · {t('documents.fieldsCount', { count: d.fieldCount })}
            </Text>
          </Paper>
        ))}
      {documents.map((d, i) => (
        <DocumentCard
          key={d.key}
          document={d}
          signers={signers}
          errorOf={(field) => errors[`documents.${i}.${field}`]}
          zip={isZip(d.file)}
          editorOpen={editing === d.key}
          onToggleEditor={() => setEditing(editing === d.key ? null : d.key)}
          onChange={(patch) => onChange(i, patch)}
          onRemove={() => onRemove(i)}
        />
      ))}
    </Stack>
  );
}
