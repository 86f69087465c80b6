import { useTranslation } from 'react-i18next';
import type { CampaignStatus, SignatoryStatus } from '@paraphe/contracts';
import { StatusBadge } from '../../../shared/ui/StatusBadge.tsx';

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation('campaigns');
  return <StatusBadge status={status} label={t(`statuses.${status}`)} />;
}

export function SignatoryStatusBadge({ status }: { status: SignatoryStatus }) {
  const { t } = useTranslation('campaigns');
  return <StatusBadge status={status} label={t(`signatoryStatuses.${status}`)} size="sm" />;
}
