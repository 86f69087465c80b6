import { List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '@paraphe/contracts';
import { saveRuleOf } from '../../campaignScreen.ts';
import { readinessSummary } from '../../mailMerge.ts';
import { languageTag } from '@paraphe/contracts';

/**
 * Why a campaign cannot be sent (VALIDATION_FAILED): the save rules by field, and for a mail-merge the variables
 * without a source and the signatories lacking values ("Row 3 (jane@x.fr): ${city}, ${amount}", "and 12 more").
 */
export function SendRefusal({ fields, details }: { fields: FieldError[]; details: Record<string, unknown> }) {
  const { t, i18n } = useTranslation('campaigns');
  const merge = readinessSummary(details);
  // The merge document's problems are listed from the details, more readably than field by field.
  const rules = fields.filter((f) => !(merge && f.field.startsWith('mergeDocument')));
  const lines = rules.map((f) => {
    const rule = saveRuleOf(f);
    return rule === 'other' || rule === 'template' ? f.message : t(`rules.${rule}`, { detail: f.message });
  });
  if (merge) {
    if (merge.unmapped.length > 0) lines.push(t('mailMerge.readiness.unmapped', { count: merge.unmapped.length, variables: merge.unmapped.join(', ') }));
    for (const u of merge.unknownColumns) lines.push(t('mailMerge.readiness.unknownColumn', { variable: `\${${u.variable}}`, column: u.column }));
  }
  return (
    <Stack gap="xs">
      {lines.length > 0 && (
        <List size="sm">
          {lines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      )}
      {merge && merge.rows.length > 0 && (
        <>
          <Text size="sm" fw={500}>
            {t('mailMerge.readiness.rowsTitle')}
          </Text>
          <List size="sm" aria-label={t('mailMerge.readiness.rowsTitle')}>
            {merge.rows.map((r) => (
              <List.Item key={r.row}>{t('mailMerge.readiness.row', { row: r.row, email: r.emailAddress, variables: r.variables })}</List.Item>
            ))}
          </List>
          {merge.more > 0 && (
            <Text size="sm" c="dimmed">
              {t('mailMerge.readiness.more', { count: merge.more, formatted: merge.more.toLocaleString(languageTag(i18n.language)) })}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
