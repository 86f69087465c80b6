import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconEraser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';
import { acceptsStroke, inputKindOf, pngBase64, type HandwrittenMode } from '../handwriting.ts';

type Props = {
  mode: Exclude<HandwrittenMode, 'disabled'>;
  /** The drawn signature as base64 PNG, or null while the pad is empty. */
  onChange: (png: string | null) => void;
};

const padHeight = 180;

/** The handwritten signature pad (signature_pad): mouse, finger or pen, or finger and pen only ("touch only"). */
export function SignaturePadField({ mode, onChange }: Props) {
  const { t } = useTranslation('signing');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const { ref: frameRef, width } = useElementSize();
  const [refusedMouse, setRefusedMouse] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { penColor: '#1a1b1e', minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;
    const onBegin = (event: Event) => {
      const detail = (event as CustomEvent<{ event: Event }>).detail;
      if (acceptsStroke(mode, inputKindOf(detail.event))) {
        setRefusedMouse(false);
        return;
      }
      event.preventDefault(); // cancels the stroke
      setRefusedMouse(true);
    };
    const onEnd = () => onChangeRef.current(pad.isEmpty() ? null : pngBase64(pad.toDataURL('image/png')));
    pad.addEventListener('beginStroke', onBegin);
    pad.addEventListener('endStroke', onEnd);
    return () => {
      pad.removeEventListener('beginStroke', onBegin);
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, [mode]);

  // The canvas follows the frame's width; its bitmap is sized for the screen's density so strokes stay sharp.
  useEffect(() => {
    const canvas = canvasRef.current;
    const pad = padRef.current;
    if (!canvas || !pad || width <= 0) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    const strokes = pad.toData();
    canvas.width = Math.floor(width * ratio);
    canvas.height = Math.floor(padHeight * ratio);
    canvas.getContext('2d')?.scale(ratio, ratio);
    pad.clear();
    pad.fromData(strokes);
  }, [width]);

  const clear = () => {
    padRef.current?.clear();
    onChange(null);
  };

  return (
    <Stack gap="xs">
      <Text size="sm" id="signing-pad-help">
        {mode === 'touchOnly' ? t('pad.helpTouchOnly') : t('pad.help')}
      </Text>
      <Box ref={frameRef} style={{ border: '1px dashed var(--mantine-color-gray-5)', borderRadius: 8, background: 'white' }}>
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={t('pad.label')}
          aria-describedby="signing-pad-help"
          style={{ display: 'block', width: '100%', height: padHeight, touchAction: 'none', cursor: 'crosshair' }}
        />
      </Box>
      {refusedMouse && (
        <Alert color="orange" variant="light" role="status">
          {t('pad.mouseRefused')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="subtle" size="xs" leftSection={<IconEraser size={16} />} onClick={clear}>
          {t('pad.clear')}
        </Button>
      </Group>
    </Stack>
  );
}
