import { useState } from 'react';
import { Alert, Box, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { signingPageImageWidths, type SigningField, type SigningPageDocument } from '@paraphe/contracts';
import type { PageSize } from '../../../shared/pdf/pageGeometry.ts';
import { documentScale, fieldToPercentBox, fieldsOfPage } from '../fieldBox.ts';

type Props = { document: Pick<SigningPageDocument, 'title' | 'pageCount' | 'pages' | 'pagesUrl' | 'fields'> };

/** An A4 portrait page, in points: the size assumed for a page whose size the server could not read. */
const a4: PageSize = { width: 595.28, height: 841.89 };

/**
 * One document of the link, page by page, read only, with this signer's fields highlighted. The pages are images the
 * server renders (no pdf.js on the signer's phone: docs/signing-page.md); their sizes come with the view, so the
 * layout is final before any image arrives. Every page is drawn at the same scale (the widest fills the frame): pages
 * keep their true relative size.
 */
export function SigningDocumentView({ document }: Props) {
  const { t } = useTranslation('signing');
  const { ref: frameRef, width } = useElementSize();
  const pages = Array.from({ length: document.pageCount }, (_, i) => document.pages[i] ?? a4);
  const scale = documentScale(width, pages);
  return (
    <Box ref={frameRef} w="100%">
      {width > 0 && (
        <Stack gap="sm" align="center">
          {pages.map((size, i) => (
            <PageImage
              key={i + 1}
              src={`${document.pagesUrl}${i + 1}`}
              size={size}
              scale={scale}
              first={i === 0}
              fields={fieldsOfPage(document.fields, i + 1, pages.length)}
              label={t('document.page', { title: document.title, page: i + 1, count: pages.length })}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}

type PageProps = { src: string; size: PageSize; scale: number; first: boolean; fields: SigningField[]; label: string };

/**
 * A page: an empty box of its size keeps its place until the image comes (the browser loads the images near the
 * screen only, and picks the width that suits the screen's density among the server's fixed widths).
 */
function PageImage({ src, size, scale, first, fields, label }: PageProps) {
  const { t } = useTranslation('signing');
  const [failed, setFailed] = useState(false);
  const cssWidth = Math.floor(size.width * scale);
  const cssHeight = Math.floor(size.height * scale);
  return (
    <Box
      pos="relative"
      w={cssWidth}
      h={cssHeight}
      bg="white"
      style={{ boxShadow: 'var(--mantine-shadow-sm)', outline: '1px solid var(--mantine-color-gray-3)' }}
    >
      {failed ? (
        <Alert color="orange" variant="light" m="xs" role="img" aria-label={label}>
          {t('document.unreadable')}
        </Alert>
      ) : (
        <img
          src={`${src}?width=${signingPageImageWidths[0]}`}
          srcSet={signingPageImageWidths.map((w) => `${src}?width=${w} ${w}w`).join(', ')}
          sizes={`${cssWidth}px`}
          width={cssWidth}
          height={cssHeight}
          alt={label}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          decoding="async"
          onError={() => setFailed(true)}
          style={{ display: 'block', width: '100%', height: '100%' }}
        />
      )}
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
