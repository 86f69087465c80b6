import { Alert, List, Text } from '@mantine/core';
import { IconTemplate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OperationTemplate } from '@paraphe/contracts';

/**
 * What an operation made from a template takes from it (docs/operations.md "From a template"): the document every
 * signature signs, and role n as signer n — so that the user knows what a typed signature or a sheet's
 * `signerN_…` columns stand for.
 */
export function TemplateOrigin({ template }: { template: OperationTemplate }) {
  const { t } = useTranslation('operations');
  return (
    <Alert variant="light" icon={<IconTemplate size={18} />} title={t('fromTemplate.title', { name: template.templateName, version: template.version })}>
      <Text size="sm">{t('fromTemplate.document', { document: template.document })}</Text>
      <List size="sm" my={4}>
        {template.roles.map((role, i) => (
          <List.Item key={i}>
            {t('fromTemplate.role', { n: i + 1, name: role.name, kind: t(`fromTemplate.kinds.${role.role}`) })}
            {role.prefill && ` — ${t('fromTemplate.prefilled', { person: `${role.prefill.firstname} ${role.prefill.lastname}` })}`}
          </List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed">
        {t('fromTemplate.sheet')}
      </Text>
    </Alert>
  );
}
