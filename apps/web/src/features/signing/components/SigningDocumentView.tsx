import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Group, Loader, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { PageSize } from '../../../shared/pdf/pageGeometry.ts';
import { PdfPageCanvas } from '../../../shared/pdf/PdfPageCanvas.tsx';
import type { OpenedPdf, PdfDocument } from '../../../shared/pdf/pdf.ts';
import type { SigningField } from '@paraphe/contracts';
import { documentScale, fieldToPercentBox, fieldsOfPage } from '../fieldBox.ts';
import { publicBlob } from '../publicFetch.ts';

type Props = { url: string; title: string; fields: readonly SigningField[] };

/** The size of every page at scale 1 (PDF points, rotation applied), read before any page is drawn. */
async function pageSizesOf(doc: PdfDocument): Promise<PageSize[]> {
  return Promise.all(
    Array.from({ length: doc.numPages }, async (_, i) => {
      const viewport = (await doc.getPage(i + 1)).getViewport({ scale: 1 });
      return { width: viewport.width, height: viewport.height };
    }),
  );
}

/**
 * One document of the link, page by page (pdf.js), read only, with this signer's fields highlighted. Every page
 * is drawn at the same scale (the widest fills the frame): pages keep their true relative size.
 */
export function SigningDocumentView({ url, title, fields }: Props) {
  const { t } = useTranslation('signing');
  const { ref: frameRef, width } = useElementSize();
  const [opened, setOpened] = useState<{ doc: PdfDocument; pages: PageSize[] } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    let pdf: OpenedPdf | null = null;
    setOpened(null);
    setFailed(false);
    // pdf.js is loaded with the first document, not with the page.
    Promise.all([publicBlob(url, abort.signal), import('../../../shared/pdf/pdf.ts')])
      .then(([blob, { openPdf }]) => openPdf(blob))
      .then(async (loaded) => {
        pdf = loaded;
        if (abort.signal.aborted) return void loaded.close();
        const pages = await pageSizesOf(loaded.doc);
        if (!abort.signal.aborted) setOpened({ doc: loaded.doc, pages });
      })
      .catch(() => !abort.signal.aborted && setFailed(true));
    return () => {
      abort.abort();
      void pdf?.close();
    };
  }, [url]);

  const scale = opened ? documentScale(width, opened.pages) : 1;
  return (
    <Box ref={frameRef} w="100%">
      {failed && (
        <Alert color="orange" variant="light">
          {t('document.unreadable')}
        </Alert>
      )}
      {!failed && !opened && (
        <Group gap="xs" py="md">
          <Loader size="xs" />
          <Text size="sm">{t('document.loading')}</Text>
        </Group>
      )}
      {opened && width > 0 && (
        <Stack gap="sm" align="center">
          {opened.pages.map((size, i) => (
            <LazyPage
              key={i + 1}
              doc={opened.doc}
              pageNumber={i + 1}
              size={size}
              scale={scale}
              fields={fieldsOfPage(fields, i + 1, opened.pages.length)}
              label={t('document.page', { title, page: i + 1, count: opened.pages.length })}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}

type PageProps = { doc: PdfDocument; pageNumber: number; size: PageSize; scale: number; fields: SigningField[]; label: string };

/** A page is drawn only once it comes near the screen; until then an empty box of its size keeps its place. */
function LazyPage({ doc, pageNumber, size, scale, fields, label }: PageProps) {
  const { t } = useTranslation('signing');
  const boxRef = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const box = boxRef.current;
    if (!box || visible) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true), { rootMargin: '600px 0px' });
    observer.observe(box);
    return () => observer.disconnect();
  }, [visible]);

  return (
    <Box
      ref={boxRef}
      pos="relative"
      w={Math.floor(size.width * scale)}
      h={Math.floor(size.height * scale)}
      bg="white"
      style={{ boxShadow: 'var(--mantine-shadow-sm)', outline: '1px solid var(--mantine-color-gray-3)' }}
    >
      {visible && <PdfPageCanvas doc={doc} pageNumber={pageNumber} scale={scale} label={label} />}
      {fields.map((field, i) => (
        <Box
          key={i}
          pos="absolute"
          style={{
            ...fieldToPercentBox(field, size),
            border: '2px solid var(--mantine-color-brand-6)',
            background: 'color-mix(in srgb, var(--mantine-color-brand-6) 15%, transparent)',
            borderRadius: 4,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {/* Shade 8: the text shade (7) reaches 4.5:1 on white, not on the field's tint (4.07:1 for the brand blue). */}
          <Text size="xs" fw={600} c="var(--mantine-color-brand-8)" ta="center" px={2} aria-hidden>
            {t('document.yourField')}
          </Text>
        </Box>
      ))}
    </Box>
  );
}
