import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { signatoryColumns, type Campaign, type MergeDocument, type SignatureField, type TemplateMapping } from '@paraphe/contracts';
import { ApiError, isCancellation } from '../../../../shared/api/apiError.ts';
import { notify } from '../../../../shared/api/notify.ts';
import { useSaveMergeDocument } from '../../api.ts';
import { editPath } from '../../campaignKinds.ts';
import { mergeDocumentInputOf, placeholder, unknownColumnsOf, unmappedOf } from '../../mailMerge.ts';
import { MappingTable } from './MappingTable.tsx';
import { MergePreview } from './MergePreview.tsx';

/**
 * The view's Mapping tab of a mail-merge campaign: where each `${variable}` takes its value, beside the live preview
 * of a signatory's document (where the signatory's field is placed). Editable on a draft, read-only afterwards.
 */
export function MergeMappingPanel({ campaign, canManage }: { campaign: Campaign; canManage: boolean }) {
  const { t } = useTranslation('campaigns');
  const merge = campaign.mergeDocument;
  if (!merge) {
    return (
      <Stack gap="xs">
        <Text size="sm">{t('mailMerge.mapping.noTemplate')}</Text>
        {canManage && campaign.status === 'draft' && (
          <Anchor component={Link} to={editPath(campaign.type, campaign.id)} size="sm">
            {t('mailMerge.mapping.addTemplate')}
          </Anchor>
        )}
      </Stack>
    );
  }
  // Remounted for another template: the edits start from its saved mapping.
  return <MappingEditor key={merge.templateId} campaign={campaign} merge={merge} editable={canManage && campaign.status === 'draft'} />;
}

function MappingEditor({ campaign, merge, editable }: { campaign: Campaign; merge: MergeDocument; editable: boolean }) {
  const { t } = useTranslation('campaigns');
  const [mapping, setMapping] = useState<TemplateMapping>(merge.mapping);
  const [fields, setFields] = useState<SignatureField[]>(merge.signatureFields);
  const [dirty, setDirty] = useState(false);
  const save = useSaveMergeDocument(campaign.id);
  const columns = campaign.mergeColumns ?? [...signatoryColumns];
  const unmapped = unmappedOf(merge.variables, mapping);
  const unknown = unknownColumnsOf(merge.variables, mapping, columns);

  const change = (next: { mapping?: TemplateMapping; fields?: SignatureField[] }) => {
    if (next.mapping) setMapping(next.mapping);
    if (next.fields) setFields(next.fields);
    setDirty(true);
  };
  const submit = () =>
    save.mutate(mergeDocumentInputOf(merge, { mapping, signatureFields: fields }), {
      onSuccess: () => {
        setDirty(false);
        notify(t('mailMerge.mapping.saved'), 'success');
      },
      onError: (error) => {
        if (isCancellation(error)) return;
        notify(error instanceof ApiError ? t(`errorsByCode.${error.code}`, { defaultValue: error.message }) : t('failed.save'), 'error');
      },
    });

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Stack gap="sm">
          <Group gap="xs" wrap="wrap">
            <Title order={5} style={{ overflowWrap: 'anywhere' }}>
              {merge.templateFileName}
            </Title>
            <Badge variant="light" color="gray">
              {t('mailMerge.template.variables', { count: merge.variables.length })}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t(editable ? 'mailMerge.mapping.help' : 'mailMerge.mapping.readOnly')}
          </Text>
          {unmapped.length > 0 && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
              <Text size="sm">{t('mailMerge.mapping.unmappedList', { count: unmapped.length, variables: unmapped.map(placeholder).join(', ') })}</Text>
            </Alert>
          )}
          <MappingTable
            variables={merge.variables}
            columns={columns}
            mapping={mapping}
            unknown={unknown}
            readOnly={!editable}
            onChange={(m) => change({ mapping: m })}
          />
          {editable && (
            <Group justify="flex-end" gap="xs">
              {dirty && (
                <Text size="xs" c="orange">
                  {t('mailMerge.mapping.unsaved')}
                </Text>
              )}
              <Button leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending} disabled={!dirty} onClick={submit}>
                {t('mailMerge.mapping.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </Grid.Col>
      {/* minWidth 0: the preview's page takes the column's width, it does not widen it. */}
      <Grid.Col span={{ base: 12, lg: 7 }} miw={0}>
        <Stack gap="xs">
          <Title order={5}>{t('mailMerge.preview.title')}</Title>
          <MergePreview campaign={campaign} merge={merge} mapping={mapping} fields={fields} editable={editable} onFields={(f) => change({ fields: f })} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
