import { Anchor, Badge, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SigningPageDocument } from '@paraphe/contracts';
import { isChoosable, type Consents } from '../signingState.ts';
import { SigningDocumentView } from './SigningDocumentView.tsx';

type Props = {
  documents: readonly SigningPageDocument[];
  /** Absent: reading only (observers, validators, finished requests), no consent to give. */
  consents?: Consents;
  onConsent?: (documentIndex: number, textIndex: number, checked: boolean) => void;
  /** The optional documents the signer chose to sign (with `consents` only). */
  optionalToSign?: ReadonlySet<string>;
  onOptionalChoice?: (documentId: string, sign: boolean) => void;
};

const typeBadge = { 'pdf-for-presentation': 'forInformation', 'pdf-optional': 'optional', pdf: 'toSign' } as const;

/** The documents of the link, each with its pages, its kind and its consent sentences. */
export function DocumentsSection({ documents, consents, onConsent, optionalToSign, onOptionalChoice }: Props) {
  const { t } = useTranslation('signing');
  return (
    <Stack gap="lg">
      {documents.map((doc, d) => {
        const pages = [...new Set(doc.fields.map((f) => f.page))].sort((a, b) => a - b);
        const headingId = `signing-doc-${doc.id}`;
        const choosable = !!consents && isChoosable(doc);
        const chosen = !choosable || !!optionalToSign?.has(doc.id);
        return (
          <Paper key={doc.id} withBorder radius="md" p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby={headingId}>
            <Stack gap="sm">
              <Group justify="space-between" align="flex-start" gap="xs">
                <Stack gap={2} miw={0} style={{ flex: 1 }}>
                  <Title order={2} fz="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
                    {doc.title}
                  </Title>
                  {pages.length > 0 && <Text size="sm">{t('document.fieldPages', { pages: pages.join(', '), count: pages.length })}</Text>}
                </Stack>
                {(consents || doc.documentType !== 'pdf') && (
                  <Badge variant="light" color={doc.documentType === 'pdf' ? undefined : 'gray'}>
                    {t(`document.type.${typeBadge[doc.documentType]}`)}
                  </Badge>
                )}
              </Group>
              <Anchor href={doc.url} target="_blank" rel="noopener" size="sm">
                <Group gap={4} component="span">
                  <IconExternalLink size={14} aria-hidden />
                  {t('document.open')}
                </Group>
              </Anchor>
              <SigningDocumentView document={doc} />
              {choosable && (
                <Checkbox
                  label={t('document.optionalChoice')}
                  description={t('document.optionalChoiceHelp')}
                  checked={chosen}
                  onChange={(e) => onOptionalChoice?.(doc.id, e.currentTarget.checked)}
                />
              )}
              {consents && chosen && doc.checkBoxTexts.length > 0 && (
                <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
                  <Text component="legend" fw={600} size="sm">
                    {t('consents.legend')}
                  </Text>
                  {doc.checkBoxTexts.map((text, i) => (
                    <Checkbox key={i} label={text} checked={consents[d]?.[i] ?? false} onChange={(e) => onConsent?.(d, i, e.currentTarget.checked)} />
                  ))}
                </Stack>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
