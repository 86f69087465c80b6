import { useState } from 'react';
import { Anchor, Loader, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { downloadSealed, useStampHistory } from '../api.ts';

const pageSize = 20;

/** The sealed files, newest first, each downloadable again. */
export function StampHistory() {
  const { t, i18n } = useTranslation('stamps');
  const [page, setPage] = useState(1);
  const history = useStampHistory((page - 1) * pageSize, pageSize);
  const data = history.data;
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={3}>{t('history.title')}</Title>
        {!data ? (
          <Loader />
        ) : data.data.length === 0 ? (
          <Text c="dimmed">{t('history.none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('history.date')}</Table.Th>
                  <Table.Th>{t('history.file')}</Table.Th>
                  <Table.Th>{t('history.format')}</Table.Th>
                  <Table.Th>{t('history.seals')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data.map((stamp) => (
                  <Table.Tr key={stamp.id}>
                    <Table.Td>{new Date(stamp.createdAt).toLocaleString(i18n.language)}</Table.Td>
                    <Table.Td>
                      <Anchor component="button" onClick={() => void downloadSealed(stamp.id, stamp.fileName)}>{stamp.fileName}</Anchor>
                    </Table.Td>
                    <Table.Td>{t(`formats.${stamp.format}`)}</Table.Td>
                    <Table.Td>{stamp.seals.map((s) => `${s.accountLabel}${s.visible ? ` (${t('history.visibleOn', { page: s.page })})` : ''}`).join(', ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {data && data.countAll > pageSize && <Pagination total={Math.ceil(data.countAll / pageSize)} value={page} onChange={setPage} />}
      </Stack>
    </Paper>
  );
}
