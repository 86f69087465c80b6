import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Group, Loader, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { PageSize } from '../../../shared/pdf/pageGeometry.ts';
import { PdfPageCanvas } from '../../../shared/pdf/PdfPageCanvas.tsx';
import type { OpenedPdf, PdfDocument } from '../../../shared/pdf/pdf.ts';
import type { SigningField } from '@paraphe/contracts';
import { fieldToPercentBox, fieldsOfPage, pageScale } from '../fieldBox.ts';
import { publicBlob } from '../publicFetch.ts';

type Props = { url: string; title: string; fields: readonly SigningField[] };

/** One document of the link, page by page (pdf.js), read only, with this signer's fields highlighted. */
export function SigningDocumentView({ url, title, fields }: Props) {
  const { t } = useTranslation('signing');
  const { ref: frameRef, width } = useElementSize();
  const [doc, setDoc] = useState<PdfDocument | null>(null);
  const [firstPage, setFirstPage] = useState<PageSize | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    let opened: OpenedPdf | null = null;
    setDoc(null);
    setFailed(false);
    // pdf.js is loaded with the first document, not with the page.
    Promise.all([publicBlob(url, abort.signal), import('../../../shared/pdf/pdf.ts')])
      .then(([blob, { openPdf }]) => openPdf(blob))
      .then(async (pdf) => {
        opened = pdf;
        if (abort.signal.aborted) return void pdf.close();
        const page = await pdf.doc.getPage(1);
        const viewport = page.getViewport({ scale: 1 });
        setFirstPage({ width: viewport.width, height: viewport.height });
        setDoc(pdf.doc);
      })
      .catch(() => !abort.signal.aborted && setFailed(true));
    return () => {
      abort.abort();
      void opened?.close();
    };
  }, [url]);

  return (
    <Box ref={frameRef} w="100%">
      {failed && (
        <Alert color="orange" variant="light">
          {t('document.unreadable')}
        </Alert>
      )}
      {!failed && (!doc || !firstPage) && (
        <Group gap="xs" py="md">
          <Loader size="xs" />
          <Text size="sm">{t('document.loading')}</Text>
        </Group>
      )}
      {doc && firstPage && width > 0 && (
        <Stack gap="sm" align="center">
          {Array.from({ length: doc.numPages }, (_, i) => (
            <LazyPage
              key={i + 1}
              doc={doc}
              pageNumber={i + 1}
              placeholder={firstPage}
              frameWidth={width}
              fields={fieldsOfPage(fields, i + 1, doc.numPages)}
              label={t('document.page', { title, page: i + 1, count: doc.numPages })}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}

type PageProps = { doc: PdfDocument; pageNumber: number; placeholder: PageSize; frameWidth: number; fields: SigningField[]; label: string };

/** A page is drawn only once it comes near the screen; until then it keeps its place with the first page's size. */
function LazyPage({ doc, pageNumber, placeholder, frameWidth, fields, label }: PageProps) {
  const { t } = useTranslation('signing');
  const boxRef = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  const [size, setSize] = useState<PageSize | null>(null);

  useEffect(() => {
    const box = boxRef.current;
    if (!box || visible) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true), { rootMargin: '600px 0px' });
    observer.observe(box);
    return () => observer.disconnect();
  }, [visible]);

  useEffect(() => {
    if (!visible) return;
    let cancelled = false;
    void doc.getPage(pageNumber).then((page) => {
      const viewport = page.getViewport({ scale: 1 });
      if (!cancelled) setSize({ width: viewport.width, height: viewport.height });
    });
    return () => {
      cancelled = true;
    };
  }, [doc, pageNumber, visible]);

  const page = size ?? placeholder;
  const scale = pageScale(frameWidth, page);
  return (
    <Box
      ref={boxRef}
      pos="relative"
      w={Math.floor(page.width * scale)}
      h={Math.floor(page.height * scale)}
      bg="white"
      style={{ boxShadow: 'var(--mantine-shadow-sm)', outline: '1px solid var(--mantine-color-gray-3)' }}
    >
      {visible && size && <PdfPageCanvas doc={doc} pageNumber={pageNumber} scale={scale} label={label} />}
      {size &&
        fields.map((field, i) => (
          <Box
            key={i}
            pos="absolute"
            style={{
              ...fieldToPercentBox(field, size),
              border: '2px solid var(--mantine-primary-color-filled)',
              background: 'color-mix(in srgb, var(--mantine-primary-color-filled) 15%, transparent)',
              borderRadius: 4,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            <Text size="xs" fw={600} c="var(--mantine-primary-color-filled)" ta="center" px={2} aria-hidden>
              {t('document.yourField')}
            </Text>
          </Box>
        ))}
    </Box>
  );
}
