import { ActionIcon, Badge, Checkbox, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Sale } from '@paraphe/contracts';
import { languageTag } from '@paraphe/contracts';
import { notifyApiError } from '../../../shared/api/notify.ts';
import { downloadInvoicePdf } from '../invoicingApi.ts';
import { formatCents } from '../money.ts';

const statusColor: Record<Sale['status'], string> = { pending: 'orange', succeeded: 'green', cancelled: 'gray', invoiced: 'blue' };
const day = (iso: string, language: string) => new Intl.DateTimeFormat(languageTag(language), { dateStyle: 'short', timeZone: 'UTC' }).format(new Date(iso));
/** The period's last day (its end is exclusive). */
const lastDay = (iso: string, language: string) => day(new Date(new Date(iso).getTime() - 1).toISOString(), language);

/**
 * Sales as a table: invoices and credit notes (number, date, amounts, status, PDF) or delivery notes (client,
 * period, amount). Selection is optional (the tenant's "pay", the administrator's "convert"); `actions` adds a cell.
 */
export function SalesTable(props: {
  sales: Sale[];
  admin: boolean;
  selected?: Set<string>;
  onSelect?: (id: string, on: boolean) => void;
  selectable?: (sale: Sale) => boolean;
  actions?: (sale: Sale) => React.ReactNode;
}) {
  const { t, i18n } = useTranslation('billing');
  const lang = i18n.language;
  const { sales, admin, selected, onSelect, selectable = () => true, actions } = props;
  if (!sales.length)
    return (
      <Text c="dimmed" py="md">
        {t('invoices.empty')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {onSelect && <Table.Th w={36} />}
            <Table.Th>{t('invoices.number')}</Table.Th>
            {admin && <Table.Th>{t('invoices.client')}</Table.Th>}
            <Table.Th>{t('invoices.date')}</Table.Th>
            <Table.Th>{t('invoices.period')}</Table.Th>
            <Table.Th ta="right">{t('invoices.net')}</Table.Th>
            <Table.Th ta="right">{t('invoices.total')}</Table.Th>
            <Table.Th>{t('invoices.status')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sales.map((sale) => (
            <Table.Tr key={sale.id}>
              {onSelect && (
                <Table.Td>
                  <Checkbox
                    aria-label={t('invoices.select')}
                    checked={selected?.has(sale.id) ?? false}
                    disabled={!selectable(sale)}
                    onChange={(e) => onSelect(sale.id, e.currentTarget.checked)}
                  />
                </Table.Td>
              )}
              <Table.Td>
                <Text size="sm" fw={500}>
                  {sale.number ?? t(`invoices.kinds.${sale.kind}`)}
                </Text>
                {sale.kind === 'credit_note' && (
                  <Text size="xs" c="dimmed">
                    {t('invoices.kinds.credit_note')}
                  </Text>
                )}
              </Table.Td>
              {admin && <Table.Td>{sale.company ?? '—'}</Table.Td>}
              <Table.Td>{day(sale.date, lang)}</Table.Td>
              <Table.Td>{`${day(sale.periodStart, lang)} – ${lastDay(sale.periodEnd, lang)}`}</Table.Td>
              <Table.Td ta="right">{formatCents(sale.netCents, lang)}</Table.Td>
              <Table.Td ta="right">{formatCents(sale.totalCents, lang)}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Badge color={statusColor[sale.status]} variant="light">
                    {t(`invoices.statuses.${sale.kind === 'credit_note' ? 'refund' : sale.status}`)}
                  </Badge>
                  {sale.disputed && (
                    <Badge color="red" variant="light">
                      {t('invoices.disputed')}
                    </Badge>
                  )}
                  {sale.refundedCents > 0 && sale.kind === 'invoice' && (
                    <Badge color="grape" variant="light">
                      {t('invoices.refunded', { amount: formatCents(sale.refundedCents, lang) })}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  {sale.hasPdf && (
                    <Tooltip label={t('invoices.pdf')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('invoices.pdf')}
                        onClick={() => void downloadInvoicePdf(sale.id, sale.number ?? sale.id, admin).catch(notifyApiError)}
                      >
                        <IconFileTypePdf size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {actions?.(sale)}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
