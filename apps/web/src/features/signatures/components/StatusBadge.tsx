import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SignatureStatus, SignerStatus } from '@paraphe/contracts';

const statusColors: Record<SignatureStatus, string> = {
  draft: 'gray',
  pending: 'cyan',
  preprocess: 'indigo',
  preprocess_access: 'indigo',
  ready: 'blue',
  wait_cosigner: 'violet',
  signed: 'teal',
  completed: 'green',
  refused: 'red',
  canceled: 'dark',
  expired: 'orange',
  failed: 'red',
};

const signerColors: Record<SignerStatus, string> = {
  before: 'gray',
  waiting: 'gray',
  waitcosigner: 'violet',
  ready: 'blue',
  access: 'cyan',
  codeSent: 'cyan',
  pendingId: 'yellow',
  pendingValidation: 'yellow',
  signed: 'green',
  cancel: 'red',
  aborted: 'dark',
  failed: 'red',
  expired: 'orange',
  delegated: 'grape',
};

export function SignatureStatusBadge({ status }: { status: SignatureStatus }) {
  const { t } = useTranslation('signatures');
  return (
    <Badge color={statusColors[status]} variant="light">
      {t(`statuses.${status}`)}
    </Badge>
  );
}

export function SignerStatusBadge({ status }: { status: SignerStatus }) {
  const { t } = useTranslation('signatures');
  return (
    <Badge color={signerColors[status]} variant="dot">
      {t(`signerStatuses.${status}`)}
    </Badge>
  );
}
