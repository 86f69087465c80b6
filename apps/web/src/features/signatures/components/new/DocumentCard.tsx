import { ActionIcon, Alert, Button, Group, Loader, Paper, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { documentTypes, type SignatureField } from '@paraphe/contracts';
import type { DraftDocument, DraftSigner } from '../../draft.ts';
import { checkedPages, fileProblemMessage, type FileCheck } from '../../fileCheck.ts';
import { ActiveContentNotice } from '../ActiveContentNotice.tsx';
import { PositionEditor } from './PositionEditor.tsx';

type Props = {
  document: DraftDocument;
  signers: DraftSigner[];
  /** The form's error of one of its fields (`title`, `signatureFields`, `checkBoxTexts.0`…). */
  errorOf: (field: string) => string | undefined;
  zip: boolean;
  editorOpen: boolean;
  onToggleEditor: () => void;
  onChange: (patch: Partial<DraftDocument>) => void;
  onRemove: () => void;
};

/**
 * One added file: the server's check of it (spinner, refusal with what to do, its PDFs and pages), then — once
 * it is usable — its title, type, consent sentences and signature positions. A refused file only offers removal.
 */
export function DocumentCard({ document: d, signers, errorOf, zip, editorOpen, onToggleEditor, onChange, onRemove }: Props) {
  const { t } = useTranslation('signatures');
  const usable = d.check.status === 'ok' || d.check.status === 'unchecked';
  const signable = d.documentType !== 'pdf-for-presentation';
  return (
    <Paper withBorder p="sm" aria-label={d.file.name} component="section">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap="xs" miw={0}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {d.file.name}
          </Text>
          <CheckSummary check={d.check} />
        </Group>
        <Tooltip label={t('documents.remove')}>
          <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`${t('documents.remove')} ${d.file.name}`}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <CheckStatus check={d.check} />
      {usable && (
        <>
          <Group grow align="flex-start">
            <TextInput label={t('documents.title')} value={d.title} error={errorOf('title')} onChange={(e) => onChange({ title: e.currentTarget.value })} />
            <Select
              label={t('documents.type')}
              allowDeselect={false}
              value={d.documentType}
              error={errorOf('documentType')}
              data={documentTypes.map((type) => ({ value: type, label: t(`documents.types.${type}`) }))}
              onChange={(v) => v && onChange({ documentType: v as DraftDocument['documentType'] })}
            />
          </Group>
          <Stack gap={4} mt="sm">
            <Text size="sm" fw={500}>
              {t('documents.consents')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('documents.consentsHelp')}
            </Text>
            {d.checkBoxTexts.map((text, c) => (
              <Group key={c} gap="xs" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  size="xs"
                  aria-label={t('documents.consent', { n: c + 1 })}
                  value={text}
                  error={errorOf(`checkBoxTexts.${c}`)}
                  onChange={(e) => onChange({ checkBoxTexts: d.checkBoxTexts.map((x, k) => (k === c ? e.currentTarget.value : x)) })}
                />
                <ActionIcon
                  variant="subtle"
                  aria-label={`${t('signers.remove')} ${c + 1}`}
                  onClick={() => onChange({ checkBoxTexts: d.checkBoxTexts.filter((_, k) => k !== c) })}
                >
                  <IconX size={14} />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<IconPlus size={12} />}
                onClick={() => onChange({ checkBoxTexts: [...d.checkBoxTexts, ''] })}
              >
                {t('documents.addConsent')}
              </Button>
            </Group>
          </Stack>
          {signable && (
            <Stack gap="xs" mt="sm">
              <Group gap="sm">
                <Text size="sm">{t('documents.fieldsCount', { count: d.signatureFields.length })}</Text>
                {zip ? (
                  <Text size="xs" c="dimmed">
                    {t('documents.zipFields')}
                  </Text>
                ) : (
                  <Button size="compact-sm" variant="light" onClick={onToggleEditor}>
                    {editorOpen ? t('documents.hideFields') : t('documents.placeFields')}
                  </Button>
                )}
              </Group>
              {errorOf('signatureFields') && (
                <Text c="red" size="sm">
                  {errorOf('signatureFields')}
                </Text>
              )}
              {editorOpen && !zip && (
                <PositionEditor
                  file={d.file}
                  pages={checkedPages(d.check)}
                  signers={signers}
                  fields={d.signatureFields}
                  onChange={(signatureFields: SignatureField[]) => onChange({ signatureFields })}
                />
              )}
            </Stack>
          )}
        </>
      )}
    </Paper>
  );
}

/** Next to the name: the pages of a checked PDF, the PDFs of a checked archive. */
function CheckSummary({ check }: { check: FileCheck }) {
  const { t } = useTranslation('signatures');
  if (check.status !== 'ok') return null;
  const { kind, documents } = check.inspection;
  const text = kind === 'zip' ? t('fileCheck.archivePdfs', { count: documents.length }) : t('view.pages', { count: documents[0]?.pageCount ?? 0 });
  return (
    <Text size="xs" c="dimmed">
      {text}
    </Text>
  );
}

/** Under the name: the check running, the refusal, the archive's PDFs, what the signers' version will disable. */
function CheckStatus({ check }: { check: FileCheck }) {
  const { t } = useTranslation('signatures');
  switch (check.status) {
    case 'checking':
      return (
        <Group gap="xs" mb="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('fileCheck.checking')}</Text>
        </Group>
      );
    case 'refused':
      return (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" p="xs">
          <Text size="sm">{fileProblemMessage(check.problem, t)}</Text>
        </Alert>
      );
    case 'unchecked':
      return (
        <Text size="xs" c="dimmed" mb="xs">
          {t('fileCheck.unchecked')}
        </Text>
      );
    case 'ok': {
      const { kind, documents } = check.inspection;
      return (
        <Stack gap={4} mb={kind === 'zip' || documents.some((p) => p.activeContent.found.length > 0 || p.repairs?.length) ? 'xs' : 0}>
          {kind === 'zip' && (
            <Text size="xs" c="dimmed">
              {documents.map((p) => t('fileCheck.archiveItem', { name: p.fileName, count: p.pageCount })).join(' · ')}
            </Text>
          )}
          {documents.map((p) => (
            <ActiveContentNotice key={p.fileName} fileName={p.fileName} activeContent={p.activeContent} when="added" />
          ))}
          {documents
            .filter((p) => p.repairs?.length)
            .map((p) => (
              <Alert key={`repair-${p.fileName}`} color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
                <Text size="sm">{t('fileCheck.repaired', { name: p.fileName })}</Text>
              </Alert>
            ))}
        </Stack>
      );
    }
  }
}
