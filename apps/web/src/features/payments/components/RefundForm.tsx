import { useState } from 'react';
import { Button, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Payment } from '@paraphe/contracts';
import { isApiError } from '../../../shared/api/apiError.ts';
import { notify, notifyApiError } from '../../../shared/api/notify.ts';
import { formatEuros, useRefund } from '../api.ts';

/** Refund part or all of one invoice of a payment (within 3 months of the invoice: spec §9). */
export function RefundForm({ payment, onDone }: { payment: Payment; onDone: () => void }) {
  const { t, i18n } = useTranslation('payments');
  const refund = useRefund();
  const [saleId, setSaleId] = useState(payment.invoices[0]?.saleId ?? '');
  const invoice = payment.invoices.find((i) => i.saleId === saleId);
  const left = invoice ? invoice.totalCents - invoice.refundedCents : 0;
  const [euros, setEuros] = useState<number | string>(left / 100);
  const [reason, setReason] = useState('');
  const submit = () =>
    refund.mutate(
      { saleId, amountCents: Math.round(Number(euros) * 100), reason: reason.trim() || null },
      {
        onSuccess: () => {
          notify(t('admin.refunded'), 'success');
          onDone();
        },
        onError: (error) => (isApiError(error, 'REFUND_TOO_LATE') ? notify(t('admin.refundTooLate'), 'error') : notifyApiError(error)),
      },
    );
  return (
    <Stack gap="sm">
      <Select
        label={t('admin.invoice')}
        data={payment.invoices.map((i) => ({ value: i.saleId, label: `${i.number} — ${formatEuros(i.totalCents - i.refundedCents, i18n.language)}` }))}
        value={saleId}
        onChange={(v) => v && setSaleId(v)}
        allowDeselect={false}
      />
      <NumberInput label={t('admin.amount')} value={euros} onChange={setEuros} min={0.01} max={left / 100} decimalScale={2} suffix=" €" />
      <TextInput label={t('admin.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} />
      <Group justify="flex-end">
        <Button onClick={submit} loading={refund.isPending} disabled={!saleId || Number(euros) <= 0}>
          {t('admin.refund')}
        </Button>
      </Group>
    </Stack>
  );
}
