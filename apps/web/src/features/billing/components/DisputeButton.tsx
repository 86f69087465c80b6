import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconFlag, IconFlagOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Sale } from '@paraphe/contracts';
import { notify, notifyApiError } from '../../../shared/api/notify.ts';
import { useSetDisputed } from '../invoicingApi.ts';

/** The product administrator sets or clears an invoice's disputed flag, with a reason kept in the audit trail. */
export function DisputeButton({ sale }: { sale: Sale }) {
  const { t } = useTranslation('billing');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const setDisputed = useSetDisputed();
  const next = !sale.disputed;
  const label = next ? t('dispute.set') : t('dispute.clear');
  const confirm = () =>
    setDisputed.mutate(
      { id: sale.id, disputed: next, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          notify(next ? t('dispute.setDone', { number: sale.number }) : t('dispute.clearDone', { number: sale.number }), 'success');
          setOpen(false);
          setReason('');
        },
        onError: notifyApiError,
      },
    );
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon variant="subtle" color={next ? 'red' : 'gray'} aria-label={`${label} ${sale.number ?? ''}`.trim()} onClick={() => setOpen(true)}>
          {next ? <IconFlag size={18} /> : <IconFlagOff size={18} />}
        </ActionIcon>
      </Tooltip>
      <Modal opened={open} onClose={() => setOpen(false)} title={`${label} — ${sale.number ?? ''}`}>
        <Stack>
          <Text size="sm">{next ? t('dispute.setHelp') : t('dispute.clearHelp')}</Text>
          <Textarea label={t('dispute.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} autosize minRows={2} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('dispute.cancel')}
            </Button>
            <Button color={next ? 'red' : undefined} loading={setDisputed.isPending} onClick={confirm}>
              {label}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
