import { ActionIcon, Badge, Table, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconUserX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  deliveryBucketOf,
  finalSignerStatuses,
  signerDisplayName,
  sortSignersForDisplay,
  type InvitationDelivery,
  type Signer,
  type SignatureStatus,
} from '@paraphe/contracts';
import { InvitationDeliverySummary } from '../../../../shared/ui/InvitationDeliverySummary.tsx';
import { formatDateTime } from '../../../../shared/format.ts';
import { parallelGroupsOf } from '../../../../shared/forms/steps.ts';
import { SignerStatusBadge } from '../StatusBadge.tsx';

type Props = { signers: Signer[]; requestStatus?: SignatureStatus; onCancelSigner?: (signer: Signer) => void };

/** Signers as LASTNAME firstname, observers first (contracts' helpers); those of a parallel step badged "signs together". */
export function SignersPanel({ signers, requestStatus, onCancelSigner }: Props) {
  const { t, i18n } = useTranslation('signatures');
  // Who handed their place over no longer acts: their delegate is the one counted in a parallel step.
  const together = parallelGroupsOf(signers.filter((s) => s.status !== 'delegated'));
  const delivery = deliveryOfSigners(signers);
  return (
    <>
      {delivery.delivered + delivery.waiting + delivery.failed > 0 && <InvitationDeliverySummary delivery={delivery} />}
      <Table.ScrollContainer minWidth={560}>
        <Table striped verticalSpacing="xs" aria-label={t('view.tabs.signers')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('view.name')}</Table.Th>
              <Table.Th>{t('view.role')}</Table.Th>
              <Table.Th>{t('view.status')}</Table.Th>
              <Table.Th>{t('view.actionAt')}</Table.Th>
              <Table.Th>{t('view.refusal')}</Table.Th>
              {onCancelSigner && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sortSignersForDisplay(signers).map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {signerDisplayName(s)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {s.emailAddress}
                    {s.phoneNum ? ` · ${s.phoneNum}` : ''}
                  </Text>
                  <HandOverNote signer={s} />
                </Table.Td>
                <Table.Td>
                  {t(`roles.${s.role}`)}{' '}
                  {s.coSigner && (
                    <Badge size="xs" variant="outline">
                      {t('view.coSigner')}
                    </Badge>
                  )}
                  {together.has(s.id) && (
                    <Badge size="xs" variant="light" color="grape" ml={4}>
                      {t('steps.together', { n: together.get(s.id) })}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {/* An observer acts on nothing: once the request is completed, so is their part. */}
                  {s.role === 'observer' && requestStatus === 'completed' ? (
                    <Badge color="green" variant="dot">
                      {t('statuses.completed')}
                    </Badge>
                  ) : (
                    <SignerStatusBadge status={s.status} />
                  )}
                  <DeliveryBadge message={s.lastMessage} />
                  <DeliveryWarning message={s.lastMessage} />
                </Table.Td>
                <Table.Td>{formatDateTime(s.actionAt, i18n.language)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{s.refusalComment ?? '—'}</Text>
                </Table.Td>
                {onCancelSigner && (
                  <Table.Td>
                    {s.role !== 'observer' && !finalSignerStatuses.includes(s.status) && (
                      <Tooltip label={t('actions.cancelSigner')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`${t('actions.cancelSigner')} ${signerDisplayName(s)}`}
                          onClick={() => onCancelSigner(s)}
                        >
                          <IconUserX size={18} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

/** Delegation: to whom a participant handed the request over (when, why), or in whose place a delegate acts. */
function HandOverNote({ signer }: { signer: Signer }) {
  const { t, i18n } = useTranslation('signatures');
  if (signer.handedOver) {
    const { toName, at, reason } = signer.handedOver;
    return (
      <Text size="xs" c="grape.8" mt={2} data-testid="signer-handed-over">
        {t('view.handedOver', { name: toName, date: formatDateTime(at, i18n.language), reason })}
      </Text>
    );
  }
  if (signer.delegatedBy) {
    return (
      <Text size="xs" c="grape.8" mt={2}>
        {t('view.delegatedBy', { name: signer.delegatedBy.name })}
      </Text>
    );
  }
  return null;
}

/** The request's figures: each signer counted by the delivery of the last message sent to them. */
export function deliveryOfSigners(signers: readonly Signer[]): InvitationDelivery {
  const delivery: InvitationDelivery = { delivered: 0, waiting: 0, failed: 0 };
  for (const s of signers) if (s.lastMessage) delivery[deliveryBucketOf(s.lastMessage.status)]++;
  return delivery;
}

const bucketColors = { delivered: 'teal', waiting: 'orange', failed: 'red' } as const;

/** "E-mail delivered / waiting / not delivered": how the last message to this participant stands. */
function DeliveryBadge({ message }: { message: Signer['lastMessage'] }) {
  const { t } = useTranslation('signatures');
  if (!message) return null;
  const bucket = deliveryBucketOf(message.status);
  return (
    <Badge size="xs" variant="light" color={bucketColors[bucket]} ml={4} data-testid="signer-delivery">
      {t(`view.delivery.badge.${bucket}`, { channel: t(`view.delivery.${message.channel}`) })}
    </Badge>
  );
}

/** A mail or SMS that has not reached the participant (retrying or failed): said where the requester looks. */
function DeliveryWarning({ message }: { message: Signer['lastMessage'] }) {
  const { t } = useTranslation('signatures');
  if (!message || (message.status !== 'retrying' && message.status !== 'failed')) return null;
  const text = t(`view.delivery.${message.status}`, {
    channel: t(`view.delivery.${message.channel}`),
    error: message.error ?? t('view.delivery.unknownError'),
  });
  return (
    <Text size="xs" c={message.status === 'failed' ? 'red' : 'orange'} mt={4} role="status">
      <IconAlertTriangle size={12} style={{ verticalAlign: 'middle', marginRight: 4 }} aria-hidden />
      {text}
    </Text>
  );
}
