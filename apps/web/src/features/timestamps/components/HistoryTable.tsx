import { useState } from 'react';
import { Button, Group, Loader, Pagination, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FileTimestamp } from '@paraphe/contracts';
import { notifyApiError } from '../../../shared/api/notify.ts';
import { downloadOutput, historyPageSize, useTimestampHistory } from '../api.ts';
import { languageTag } from '@paraphe/contracts';

/** The downloads of one time-stamp: the PDF, or the token and its receipt. */
export function OutputButtons({ stamp }: { stamp: FileTimestamp }) {
  const { t } = useTranslation('timestamps');
  return (
    <Group gap="xs" wrap="wrap">
      {stamp.outputs.map((output) => (
        <Button key={output} size="compact-sm" variant="light" onClick={() => void downloadOutput(stamp, output).catch(notifyApiError)}>
          {t(`outputs.${output}`)}
        </Button>
      ))}
    </Group>
  );
}

/** The tenant's time-stamps, newest first (capped total: "10,000+"). */
export function HistoryTable() {
  const { t, i18n } = useTranslation('timestamps');
  const [page, setPage] = useState(1);
  const list = useTimestampHistory((page - 1) * historyPageSize);
  const data = list.data;
  if (!data) return <Loader />;
  if (data.data.length === 0) return <Text c="dimmed">{t('history.none')}</Text>;
  const pages = Math.ceil(data.countAll / historyPageSize) + (data.countAllCapped ? 1 : 0);
  return (
    <>
      <Table.ScrollContainer minWidth={320}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('history.file')}</Table.Th>
              <Table.Th>{t('history.time')}</Table.Th>
              <Table.Th>{t('history.outputs')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.data.map((stamp) => (
              <Table.Tr key={stamp.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{stamp.fileName}</Table.Td>
                <Table.Td>{new Date(stamp.timestampedAt).toLocaleString(languageTag(i18n.language))}</Table.Td>
                <Table.Td>
                  <OutputButtons stamp={stamp} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
    </>
  );
}
