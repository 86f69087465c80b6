import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TemplateVisibility } from '@paraphe/contracts';

const colors: Record<TemplateVisibility, string> = { private: 'gray', team: 'blue', tenant: 'teal' };

/** Who sees the template: only its author (and those above), the author's team, or every sender of the tenant. */
export function VisibilityBadge({ visibility }: { visibility: TemplateVisibility }) {
  const { t } = useTranslation('requestTemplates');
  return (
    <Badge variant="light" color={colors[visibility]}>
      {t(`visibility.${visibility}`)}
    </Badge>
  );
}
