import { useMemo, useState } from 'react';
import { Alert, Box, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  mergeValuesOf,
  normalizeSearch,
  type Campaign,
  type MergeDocument,
  type MergeSignatory,
  type Signatory,
  type SignatureField,
  type TemplateMapping,
} from '@paraphe/contracts';
import { useMe } from '../../../auth/index.ts';
import { useCopyPreview, useFilledPreview, useSignatories } from '../../api.ts';
import { placeholder } from '../../mailMerge.ts';
import { signatureKit } from '../../signatureKit.ts';
import { PdfPages } from './PdfPages.tsx';
import { useTemplateErrorMessage } from './templateErrors.ts';

type Props = {
  campaign: Campaign;
  merge: MergeDocument;
  mapping: TemplateMapping;
  fields: SignatureField[];
  /** A draft: the preview follows the mapping being edited and the signatory's field can be placed on it. */
  editable: boolean;
  onFields: (fields: SignatureField[]) => void;
};

/** How long the mapping must rest before the preview is made again (each is a LibreOffice conversion). */
export const previewDebounceMs = 600;
const nobody: MergeSignatory = { firstname: '', lastname: '', emailAddress: '' };
const nameOf = (s: Signatory) => `${s.lastname.toUpperCase()} ${s.firstname} <${s.emailAddress}>`;

/**
 * A signatory's document as they will see it: their values (the contract's mergeValuesOf, as the server fills it)
 * in the template, converted to PDF by the server. On a draft the signatory's field is placed on it with the
 * signatures form's position editor; afterwards, the copy the saved mapping gives.
 */
export function MergePreview({ campaign, merge, mapping, fields, editable, onFields }: Props) {
  const { t } = useTranslation('campaigns');
  const me = useMe();
  const kit = signatureKit();
  const errorMessage = useTemplateErrorMessage();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<Signatory | null>(null);
  // The first signatory until another is chosen; the options follow what is typed (the server searches).
  const first = useSignatories(campaign.id, { limit: 1, offset: 0, orderBy: 'rowIndex', order: 'ASC' }, campaign.status);
  const signatory = chosen ?? first.data?.data[0] ?? null;
  // The select shows the chosen one's name in its search box: that is not a search.
  const [typed] = useDebouncedValue(signatory && text === nameOf(signatory) ? '' : text, 300);
  const list = useSignatories(campaign.id, { limit: 20, offset: 0, search: normalizeSearch(typed), orderBy: 'rowIndex', order: 'ASC' }, campaign.status);
  const [restingMapping] = useDebouncedValue(mapping, previewDebounceMs);
  const filled = mergeValuesOf(merge.variables, restingMapping, signatory ?? nobody);
  const now = signatory ? mergeValuesOf(merge.variables, mapping, signatory) : null;
  const generated = useFilledPreview(editable ? { templateId: merge.templateId, values: filled.values } : null);
  const copy = useCopyPreview(campaign.id, editable ? undefined : signatory?.id);
  const preview = editable ? generated : copy;
  const signers = useMemo(() => [kit.newSigner(me.user.language, { firstname: t('form.theSignatory') })], [kit, me.user.language, t]);

  const options = [...(list.data?.data ?? [])];
  if (signatory && !options.some((s) => s.id === signatory.id)) options.unshift(signatory);
  const problem = preview.isError ? errorMessage(preview.error) : null;

  return (
    <Stack gap="sm">
      <Select
        label={t('mailMerge.preview.signatory')}
        searchable
        clearable={false}
        allowDeselect={false}
        w="100%"
        maw={420}
        placeholder={t('mailMerge.preview.searchSignatory')}
        data={options.map((s) => ({ value: s.id, label: nameOf(s) }))}
        value={signatory?.id ?? null}
        searchValue={text}
        onSearchChange={setText}
        filter={({ options: all }) => all}
        nothingFoundMessage={t('mailMerge.preview.noSignatory')}
        onChange={(id) => setChosen(options.find((s) => s.id === id) ?? null)}
        comboboxProps={{ withinPortal: true }}
      />
      {!signatory && first.data && (
        <Text size="sm" c="dimmed">
          {t('mailMerge.preview.noSignatoryYet')}
        </Text>
      )}
      {now && now.missing.length > 0 && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('mailMerge.preview.missing', { email: signatory?.emailAddress, variables: now.missing.map(placeholder).join(', ') })}
          </Text>
        </Alert>
      )}
      {problem && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {problem}
        </Alert>
      )}
      {preview.isFetching && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="xs" c="dimmed">
            {t('mailMerge.preview.updating')}
          </Text>
        </Group>
      )}
      {preview.data && !problem && (
        // The previous signatory's (or mapping's) document stays in view, dimmed, until the new one is made.
        <Box pr={4} style={{ opacity: preview.isPlaceholderData ? 0.5 : 1, transition: 'opacity 150ms' }}>
          {editable ? <kit.PositionEditor file={preview.data} signers={signers} fields={fields} onChange={onFields} /> : <PdfPages file={preview.data} />}
        </Box>
      )}
    </Stack>
  );
}
