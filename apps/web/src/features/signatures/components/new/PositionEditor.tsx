import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Alert, Box, Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconCopy, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fieldSizeOf, type SignatureField } from '@paraphe/contracts';
import {
  addField,
  applyToAllPages,
  arrowDelta,
  fieldsOnPage,
  moveField,
  pdfToScreen,
  removeField,
  resizeDelta,
  resizeField,
  screenToPdf,
  type PageSize,
} from '../../fieldGeometry.ts';
import type { DraftSigner } from '../../draft.ts';
import { PdfPageCanvas } from '../../../../shared/pdf/PdfPageCanvas.tsx';
import type { OpenedPdf, PdfDocument } from '../../../../shared/pdf/pdf.ts';
import { signerColor } from './signerColors.ts';

type Props = {
  file: File;
  /** The pages as the server's check read them (visible-page points): the geometry the fields are signed in. */
  pages?: PageSize[];
  signers: DraftSigner[];
  fields: SignatureField[];
  onChange: (fields: SignatureField[]) => void;
};
/** A pointer drag: the whole field moves, or its bottom-right handle resizes it. Sizes in PDF points. */
type Drag = { index: number; mode: 'move' | 'resize'; startX: number; startY: number; left: number; top: number; width: number; height: number };

const handleSize = 12;

/**
 * The signature-position editor: the PDF rendered with pdf.js from the local file, one colour per signer; the
 * page count and sizes are the server's check's when known (the signing engine's reading), else pdf.js's.
 * A field moves by dragging it (or the arrows) and is resized by its bottom-right handle (or Alt + arrows),
 * within the page and the contract's size bounds. Coordinates are converted by fieldGeometry (PDF points,
 * origin bottom-left).
 */
export function PositionEditor({ file, pages, signers, fields, onChange }: Props) {
  const { t } = useTranslation('signatures');
  const { ref: frameRef, width: frameWidth } = useElementSize();
  const [doc, setDoc] = useState<PdfDocument | null>(null);
  const [failed, setFailed] = useState(false);
  const [pageNumber, setPageNumber] = useState(1);
  const [renderedSize, setRenderedSize] = useState<PageSize | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const placeable = signers.flatMap((s, i) =>
    s.role === 'observer' ? [] : [{ value: String(i), label: `${i + 1}. ${s.lastname.toUpperCase()} ${s.firstname}`.trim() }],
  );
  const [signerChoice, setSignerChoice] = useState<string | null>(placeable[0]?.value ?? null);
  const drag = useRef<Drag | null>(null);

  useEffect(() => {
    let cancelled = false;
    let opened: OpenedPdf | null = null;
    setDoc(null);
    setFailed(false);
    import('../../../../shared/pdf/pdf.ts')
      .then(({ openPdf }) => openPdf(file))
      .then((pdf) => {
        opened = pdf;
        if (cancelled) void pdf.close();
        else setDoc(pdf.doc);
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
    void doc.getPage(pageNumber).then((page) => {
      const viewport = page.getViewport({ scale: 1 });
      if (!cancelled) setRenderedSize({ width: viewport.width, height: viewport.height });
    });
    return () => {
      cancelled = true;
    };
  }, [doc, pageNumber]);

  // The server's sizes when it read the same pages as pdf.js (they always agree on a sound file).
  const known = doc && pages?.length === doc.numPages ? pages : undefined;
  const pageSize = known?.[pageNumber - 1] ?? renderedSize;
  if (failed)
    return (
      <Alert color="orange" variant="light">
        {t('editor.unreadable')}
      </Alert>
    );
  if (!doc || !pageSize)
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{t('editor.loading')}</Text>
      </Group>
    );

  const pageCount = doc.numPages;
  // At most 1 pixel per point, so that a whole page stays in view while placing fields.
  const scale = Math.min(1, Math.max(0.3, (frameWidth || 600) / pageSize.width));
  const onPage = fieldsOnPage(fields, pageNumber, pageCount);
  const signerName = (index: number) => {
    const s = signers[index];
    return s ? `${s.lastname.toUpperCase()} ${s.firstname}`.trim() || `#${index + 1}` : `#${index + 1}`;
  };

  const startDrag = (index: number, box: { left: number; top: number }, mode: Drag['mode']) => (e: PointerEvent<HTMLDivElement>) => {
    // The handle sits inside the field: its press must not also start a move.
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    setSelected(index);
    drag.current = { index, mode, startX: e.clientX, startY: e.clientY, left: box.left, top: box.top, ...fieldSizeOf(fields[index]!) };
  };
  // The handle's captured pointer events bubble up to the field, which handles both kinds of drag.
  const onDrag = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.startX;
    const dy = e.clientY - d.startY;
    if (d.mode === 'resize') {
      onChange(resizeField(fields, d.index, { width: d.width + dx / scale, height: d.height + dy / scale }, pageSize));
      return;
    }
    onChange(moveField(fields, d.index, screenToPdf(d.left + dx, d.top + dy, pageSize, scale, d), pageSize));
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onKey = (index: number) => (e: KeyboardEvent<HTMLDivElement>) => {
    const field = fields[index];
    if (!field) return;
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      onChange(removeField(fields, index));
      setSelected(null);
      return;
    }
    if (e.altKey) {
      const resize = resizeDelta(e.key, e.shiftKey);
      if (!resize) return;
      e.preventDefault(); // Alt + Left/Right would also go back/forward in the history
      const size = fieldSizeOf(field);
      onChange(resizeField(fields, index, { width: size.width + resize.dw, height: size.height + resize.dh }, pageSize));
      return;
    }
    const delta = arrowDelta(e.key, e.shiftKey);
    if (!delta) return;
    e.preventDefault();
    onChange(moveField(fields, index, { x: field.x + delta.dx, y: field.y + delta.dy }, pageSize));
  };
  const goTo = (page: number) => {
    setPageNumber(page);
    setSelected(null);
  };

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('editor.help')}
      </Text>
      {placeable.length === 0 && (
        <Text size="sm" c="orange">
          {t('editor.noSigner')}
        </Text>
      )}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select label={t('editor.signer')} data={placeable} value={signerChoice} onChange={setSignerChoice} allowDeselect={false} w={240} size="xs" />
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={signerChoice === null}
          onClick={() => {
            onChange(addField(fields, Number(signerChoice), pageNumber, pageSize));
            setSelected(fields.length);
          }}
        >
          {t('editor.addField', { page: pageNumber })}
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconCopy size={14} />}
          disabled={selected === null}
          onClick={() => {
            if (selected === null) return;
            const next = applyToAllPages(fields, selected, pageCount);
            onChange(next);
            // The copies come last, one per page in order: keep the one on this page selected.
            setSelected(next.length - pageCount + pageNumber - 1);
          }}
        >
          {t('editor.applyAll')}
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconTrash size={14} />}
          disabled={selected === null}
          onClick={() => {
            if (selected === null) return;
            onChange(removeField(fields, selected));
            setSelected(null);
          }}
        >
          {t('editor.removeField')}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconX size={14} />}
          disabled={fields.length === 0}
          onClick={() => {
            onChange([]);
            setSelected(null);
          }}
        >
          {t('editor.cancelAll')}
        </Button>
      </Group>
      <Group gap="xs">
        <Button size="compact-xs" variant="subtle" disabled={pageNumber <= 1} onClick={() => goTo(pageNumber - 1)} aria-label={t('editor.previous')}>
          <IconChevronLeft size={14} />
        </Button>
        <Text size="xs">{t('editor.page', { page: pageNumber, count: pageCount })}</Text>
        <Button size="compact-xs" variant="subtle" disabled={pageNumber >= pageCount} onClick={() => goTo(pageNumber + 1)} aria-label={t('editor.next')}>
          <IconChevronRight size={14} />
        </Button>
      </Group>
      <Box ref={frameRef} w="100%" maw={900}>
        {/* content-box: the frame's width is the page's, the border around it (else the canvas hides its right edge). */}
        <Box
          pos="relative"
          w={pageSize.width * scale}
          style={{ border: '1px solid var(--mantine-color-gray-4)', boxSizing: 'content-box', touchAction: 'none' }}
        >
          <PdfPageCanvas doc={doc} pageNumber={pageNumber} scale={scale} label={t('editor.page', { page: pageNumber, count: pageCount })} />
          {onPage.map((index) => {
            const field = fields[index]!;
            const box = pdfToScreen(field, pageSize, scale);
            const color = signerColor(field.signerIndex);
            const name = field.signerIndex < 0 ? field.name : signerName(field.signerIndex);
            const size = fieldSizeOf(field);
            return (
              <div
                key={index}
                role="button"
                tabIndex={0}
                aria-pressed={selected === index}
                aria-label={t('editor.field', { name, page: pageNumber, ...size, x: field.x, y: field.y })}
                onFocus={() => setSelected(index)}
                onKeyDown={onKey(index)}
                onPointerDown={startDrag(index, box, 'move')}
                onPointerMove={onDrag}
                onPointerUp={endDrag}
                onPointerCancel={endDrag}
                style={{
                  position: 'absolute',
                  left: box.left,
                  top: box.top,
                  width: box.width,
                  height: box.height,
                  background: `${color}33`,
                  border: `2px ${selected === index ? 'solid' : 'dashed'} ${color}`,
                  outline: selected === index ? `2px solid ${color}` : undefined,
                  outlineOffset: 2,
                  color,
                  fontSize: 12,
                  fontWeight: 600,
                  padding: 4,
                  cursor: 'move',
                  userSelect: 'none',
                  overflow: 'hidden',
                }}
              >
                {name}
                <div
                  aria-hidden
                  data-testid="field-resize-handle"
                  onPointerDown={startDrag(index, box, 'resize')}
                  style={{
                    position: 'absolute',
                    right: 0,
                    bottom: 0,
                    width: handleSize,
                    height: handleSize,
                    background: color,
                    cursor: 'nwse-resize',
                  }}
                />
              </div>
            );
          })}
        </Box>
      </Box>
    </Stack>
  );
}
