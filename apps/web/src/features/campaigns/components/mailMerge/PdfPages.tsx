import { useEffect, useState } from 'react';
import { Box, Button, Group, Loader, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PdfPageCanvas } from '../../../../shared/pdf/PdfPageCanvas.tsx';
import type { OpenedPdf, PdfDocument } from '../../../../shared/pdf/pdf.ts';

/** A PDF to read (no editing), a page at a time, as wide as its frame allows (at most 1 pixel per point). */
export function PdfPages({ file }: { file: Blob }) {
  const { t } = useTranslation('campaigns');
  const { ref, width } = useElementSize();
  const [doc, setDoc] = useState<PdfDocument | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const [pageWidth, setPageWidth] = useState<number | null>(null);

  useEffect(() => {
    let cancelled = false;
    let opened: OpenedPdf | null = null;
    setFailed(false);
    import('../../../../shared/pdf/pdf.ts')
      .then(({ openPdf }) => openPdf(file))
      .then((pdf) => {
        opened = pdf;
        if (cancelled) void pdf.close();
        else {
          setDoc(pdf.doc);
          setPage((p) => Math.min(p, pdf.doc.numPages));
        }
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      void opened?.close();
    };
  }, [file]);

  useEffect(() => {
    if (!doc) return;
    let cancelled = false;
    void doc.getPage(page).then((p) => !cancelled && setPageWidth(p.getViewport({ scale: 1 }).width));
    return () => {
      cancelled = true;
    };
  }, [doc, page]);

  if (failed)
    return (
      <Text size="sm" c="orange">
        {t('mailMerge.preview.unreadable')}
      </Text>
    );
  const label = t('mailMerge.preview.page', { page, count: doc?.numPages ?? 1 });
  return (
    <Box ref={ref} w="100%">
      {!doc || !pageWidth ? (
        <Loader size="sm" />
      ) : (
        <>
          <Group gap="xs" mb={4}>
            <Button size="compact-xs" variant="subtle" disabled={page <= 1} onClick={() => setPage(page - 1)} aria-label={t('mailMerge.preview.previous')}>
              <IconChevronLeft size={14} />
            </Button>
            <Text size="xs">{label}</Text>
            <Button
              size="compact-xs"
              variant="subtle"
              disabled={page >= doc.numPages}
              onClick={() => setPage(page + 1)}
              aria-label={t('mailMerge.preview.next')}
            >
              <IconChevronRight size={14} />
            </Button>
          </Group>
          <Box style={{ border: '1px solid var(--mantine-color-gray-4)', width: 'fit-content' }}>
            <PdfPageCanvas doc={doc} pageNumber={page} scale={Math.min(1, Math.max(0.3, (width || 600) / pageWidth))} label={label} />
          </Box>
        </>
      )}
    </Box>
  );
}
