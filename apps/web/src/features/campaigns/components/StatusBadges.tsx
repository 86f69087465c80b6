import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CampaignStatus, SignatoryStatus } from '@paraphe/contracts';

const campaignColors: Record<CampaignStatus, string> = {
  draft: 'gray',
  pending: 'cyan',
  ready: 'blue',
  completed: 'green',
  failed: 'red',
  canceled: 'dark',
  deleted: 'gray',
};

export const signatoryColors: Record<SignatoryStatus, string> = {
  draft: 'gray',
  queued: 'gray',
  sent: 'blue',
  opened: 'cyan',
  signed: 'green',
  refused: 'red',
  expired: 'orange',
  canceled: 'dark',
  failed: 'red',
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation('campaigns');
  return (
    <Badge color={campaignColors[status]} variant="light">
      {t(`statuses.${status}`)}
    </Badge>
  );
}

export function SignatoryStatusBadge({ status }: { status: SignatoryStatus }) {
  const { t } = useTranslation('campaigns');
  return (
    <Badge color={signatoryColors[status]} variant="light" size="sm">
      {t(`signatoryStatuses.${status}`)}
    </Badge>
  );
}
