import { Alert, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DocumentActiveContent } from '@paraphe/contracts';
import { activeContentParts, listOf } from '../activeContent.ts';

type Props = {
  fileName: string;
  activeContent: DocumentActiveContent | undefined;
  /** 'sent': the request view (the signers' version exists); 'added': the form, before anything is sent. */
  when: 'sent' | 'added';
};

/** One document's active content: what the signers' version disables, and what it keeps (links, attachments). */
export function ActiveContentNotice({ fileName, activeContent, when }: Props) {
  const { t, i18n } = useTranslation('signatures');
  const parts = activeContentParts(activeContent);
  if (!parts) return null;
  const kinds = (list: string[]) =>
    listOf(
      list.map((kind) => t(`activeContent.kinds.${kind}`, { defaultValue: kind })),
      i18n.language,
    );
  return (
    <Alert color={parts.neutralised.length > 0 ? 'orange' : 'blue'} variant="light" icon={<IconShieldCheck size={18} />} p="xs">
      <Stack gap={2}>
        {parts.neutralised.length > 0 && <Text size="sm">{t(`activeContent.${when}.neutralised`, { name: fileName, kinds: kinds(parts.neutralised) })}</Text>}
        {parts.kept.length > 0 && <Text size="sm">{t(`activeContent.${when}.kept`, { name: fileName, kinds: kinds(parts.kept) })}</Text>}
      </Stack>
    </Alert>
  );
}
