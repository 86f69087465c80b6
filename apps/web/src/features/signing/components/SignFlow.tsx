import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconSignature, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SigningActionResult, SigningCodeState, SigningPage } from '@paraphe/contracts';
import { act, requestCode } from '../api.ts';
import { actionErrorMessage, changesView, endsThePage, padRejected } from '../signingErrors.ts';
import { chooseOptional, emptyConsents, hasLiveCode, signBlocker, toggleConsent } from '../signingState.ts';
import { DocumentsSection } from './DocumentsSection.tsx';
import { CodeModal } from './CodeModal.tsx';
import { CommentModal } from './CommentModal.tsx';

/** The pad and signature_pad load only for a request that asks for a handwritten signature (most do not). */
const SignaturePadField = lazy(() => import('./SignaturePadField.tsx').then((m) => ({ default: m.SignaturePadField })));

type Props = {
  token: string;
  view: SigningPage;
  /** Reloads the view; resolves with the fresh one (its code counters). */
  reload: () => Promise<SigningPage | undefined>;
  onDone: (result: SigningActionResult) => void;
  /** A failure after which nothing here can work (DOCUMENT_UNSIGNABLE): the page replaces the flow. */
  onEnd: (error: unknown) => void;
};

/** The signer's turn: read, tick the consents, draw (per mode), then Sign → one-time code, or Refuse. */
export function SignFlow({ token, view, reload, onDone, onEnd }: Props) {
  const { t } = useTranslation('signing');
  const [consents, setConsents] = useState(() => emptyConsents(view.documents));
  // The optional documents the signer chose to sign (none until ticked: signing is never assumed).
  const [optionalToSign, setOptionalToSign] = useState<ReadonlySet<string>>(() => new Set());
  const [png, setPng] = useState<string | null>(null);
  const [code, setCode] = useState<SigningCodeState | null>(view.code);
  const [codeOpen, setCodeOpen] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [refuseOpen, setRefuseOpen] = useState(false);
  const [refuseError, setRefuseError] = useState<string | null>(null);
  // A new key draws a new, empty pad (after the server refused the drawn image).
  const [pad, setPad] = useState<{ key: number; error: string | null }>({ key: 0, error: null });
  const blocker = signBlocker(view, consents, png, optionalToSign);

  /** After a failure the server's counters (tries, cool-down) are read again before explaining it. */
  const explain = async (error: unknown, show: (message: string) => void) => {
    if (endsThePage(error)) {
      setCodeOpen(false);
      setRefuseOpen(false);
      onEnd(error);
      return;
    }
    if (changesView(error)) {
      setCodeOpen(false);
      setRefuseOpen(false);
      await reload();
      return;
    }
    const fresh = (await reload().catch(() => undefined))?.code ?? code;
    setCode(fresh);
    show(actionErrorMessage(error, t, fresh, Date.now()));
  };

  const askCode = useMutation({
    meta: { ownErrors: true },
    mutationFn: () => requestCode(token),
    onSuccess: (state) => {
      setCode(state);
      setCodeError(null);
      setCodeOpen(true);
    },
    onError: (error) =>
      explain(error, (message) => {
        setCodeError(message);
        setCodeOpen(true);
      }),
  });

  const sign = useMutation({
    meta: { ownErrors: true },
    mutationFn: (value: string) => act(token, 'sign', { code: value, consents, optionalDocumentsToSign: [...optionalToSign], handwrittenPng: png }),
    onSuccess: onDone,
    onError: (error) => (padRejected(error) ? drawAgain() : explain(error, setCodeError)),
  });

  /** The server refused the drawn image (IMAGE_TOO_LARGE): nothing was signed, the code stays valid; draw again. */
  const drawAgain = () => {
    setCodeOpen(false);
    setPng(null);
    setPad((current) => ({ key: current.key + 1, error: t('errors.IMAGE_TOO_LARGE') }));
    document.getElementById('signing-pad-title')?.scrollIntoView({ block: 'center' });
  };
  const onDrawn = (value: string | null) => {
    setPng(value);
    if (value) setPad((current) => (current.error ? { ...current, error: null } : current));
  };

  const refuse = useMutation({
    meta: { ownErrors: true },
    mutationFn: (comment: string) => act(token, 'refuse', { comment }),
    onSuccess: onDone,
    onError: (error) => explain(error, setRefuseError),
  });

  const startSigning = () => {
    if (hasLiveCode(code, Date.now()) && code) {
      setCodeError(null);
      setCodeOpen(true);
    } else askCode.mutate();
  };

  return (
    <Stack gap="lg">
      <DocumentsSection
        documents={view.documents}
        consents={consents}
        onConsent={(d, i, checked) => setConsents((current) => toggleConsent(current, d, i, checked))}
        optionalToSign={optionalToSign}
        onOptionalChoice={(id, sign) => setOptionalToSign((current) => chooseOptional(current, id, sign))}
      />
      {view.handwritten !== 'disabled' && (
        <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby="signing-pad-title">
          <Stack gap="xs">
            <Title order={2} fz="h4" id="signing-pad-title">
              {view.handwritten === 'touchOnly' ? t('pad.titleRequired') : t('pad.titleOptional')}
            </Title>
            {pad.error && (
              <Alert color="orange" variant="light" role="alert">
                {pad.error}
              </Alert>
            )}
            <Suspense fallback={<Loader size="sm" />}>
              <SignaturePadField key={pad.key} mode={view.handwritten} onChange={onDrawn} />
            </Suspense>
          </Stack>
        </Paper>
      )}
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} pos="sticky" bottom={0} style={{ zIndex: 2 }}>
        <Stack gap="xs">
          {blocker && (
            <Text size="sm" c="dimmed" id="signing-blocker" aria-live="polite">
              {t(`blocker.${blocker}`)}
            </Text>
          )}
          {!codeOpen && askCode.isError && codeError && (
            <Alert color="red" variant="light" role="alert">
              {codeError}
            </Alert>
          )}
          <Group justify="space-between" gap="xs" wrap="wrap-reverse">
            <Button variant="outline" color="red.9" leftSection={<IconX size={18} />} onClick={() => setRefuseOpen(true)}>
              {t('actions.refuse')}
            </Button>
            <Button
              leftSection={<IconSignature size={18} />}
              onClick={startSigning}
              loading={askCode.isPending}
              disabled={blocker !== null}
              aria-describedby={blocker ? 'signing-blocker' : undefined}
            >
              {t('actions.sign')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {code && (
        <CodeModal
          opened={codeOpen}
          code={code}
          busy={sign.isPending}
          resending={askCode.isPending}
          error={codeError}
          onClose={() => setCodeOpen(false)}
          onResend={() => askCode.mutate()}
          onConfirm={(value) => sign.mutate(value)}
        />
      )}
      <CommentModal
        opened={refuseOpen}
        title={t('refuse.title')}
        text={t('refuse.text')}
        confirmLabel={t('actions.refuse')}
        required
        danger
        busy={refuse.isPending}
        error={refuseError}
        onClose={() => setRefuseOpen(false)}
        onConfirm={(comment) => refuse.mutate(comment)}
      />
    </Stack>
  );
}
