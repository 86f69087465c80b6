import { Table, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConsumptionLine, ConsumptionReport } from '@paraphe/contracts';
import { formatCents } from '../money.ts';

/** Per kind: units billed, test-mode units (never billed), amount before and after the volume discount. */
export function KindLinesTable({
  lines,
  totals,
}: {
  lines: ConsumptionLine[];
  totals: Pick<ConsumptionReport['totals'], 'grossCents' | 'discountCents' | 'netCents'>;
}) {
  const { t, i18n } = useTranslation('billing');
  const money = (cents: number) => formatCents(cents, i18n.language);
  if (!lines.length)
    return (
      <Text c="dimmed" size="sm">
        {t('conso.nothing')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('conso.kind')}</Table.Th>
            <Table.Th ta="right">{t('conso.quantity')}</Table.Th>
            <Table.Th ta="right">{t('conso.testQuantity')}</Table.Th>
            <Table.Th ta="right">{t('conso.gross')}</Table.Th>
            <Table.Th ta="right">{t('conso.discount')}</Table.Th>
            <Table.Th ta="right">{t('conso.net')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.kind}>
              <Table.Td>{t(`kinds.${l.kind}`)}</Table.Td>
              <Table.Td ta="right">{l.quantity}</Table.Td>
              <Table.Td ta="right">{l.testQuantity}</Table.Td>
              <Table.Td ta="right">{money(l.grossCents)}</Table.Td>
              <Table.Td ta="right">{l.discountCents ? `${money(l.discountCents)} (${l.discountPercent} %)` : '—'}</Table.Td>
              <Table.Td ta="right">{money(l.netCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={600}>
            <Table.Td colSpan={3}>{t('conso.total')}</Table.Td>
            <Table.Td ta="right">{money(totals.grossCents)}</Table.Td>
            <Table.Td ta="right">{totals.discountCents ? money(totals.discountCents) : '—'}</Table.Td>
            <Table.Td ta="right">{money(totals.netCents)}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Per user (the requests' owners): units and amounts over the range; a row opens the user's own report. */
export function UsersTable({ users, onOpen }: { users: ConsumptionReport['users']; onOpen: (userId: string, name: string) => void }) {
  const { t, i18n } = useTranslation('billing');
  if (!users.length)
    return (
      <Text c="dimmed" size="sm">
        {t('conso.nothing')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('conso.user')}</Table.Th>
            <Table.Th ta="right">{t('conso.quantity')}</Table.Th>
            <Table.Th ta="right">{t('conso.testQuantity')}</Table.Th>
            <Table.Th ta="right">{t('conso.net')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((u) => {
            const name = u.name ?? t('conso.deletedUser');
            return (
              <Table.Tr key={u.userId ?? 'none'}>
                <Table.Td>
                  {u.userId ? (
                    <UnstyledButton c="blue" onClick={() => onOpen(u.userId!, name)}>
                      {name}
                    </UnstyledButton>
                  ) : (
                    name
                  )}
                </Table.Td>
                <Table.Td ta="right">{u.quantity}</Table.Td>
                <Table.Td ta="right">{u.testQuantity}</Table.Td>
                <Table.Td ta="right">{formatCents(u.netCents, i18n.language)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
