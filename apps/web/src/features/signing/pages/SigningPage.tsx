import { useEffect, useState, type ReactNode } from 'react';
import { Button, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockHour4, IconLinkOff, IconCheck, IconEye, IconFileAlert, IconUserShare } from '@tabler/icons-react';
import { useParams, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTenantThemeColor } from '../../../shared/theme/ThemeColor.tsx';
import { i18n } from '../../../shared/i18n/i18n.ts';
import type { SigningActionResult, SigningPage as SigningView } from '@paraphe/contracts';
import { useSigningView } from '../api.ts';
import { screenOf, signedDownloads, type SigningScreen } from '../signingState.ts';
import { SigningLayout } from '../components/SigningLayout.tsx';
import { SignedDownloads, SigningMessage } from '../components/SigningMessage.tsx';
import { DocumentsSection } from '../components/DocumentsSection.tsx';
import { SignFlow } from '../components/SignFlow.tsx';
import { ValidateFlow } from '../components/ValidateFlow.tsx';
import { ActionResult } from '../components/ActionResult.tsx';
import { HandOver } from '../components/HandOver.tsx';
import { useEmbedEvents } from '../embed/useEmbedEvents.ts';
import { languageTag } from '@paraphe/contracts';

/**
 * The page opens in the signer's language, once per link; the switcher then changes it for the visit. Not on
 * `useTranslation().i18n`: react-i18next gives a new object at every language change, so an effect depending on
 * it ran again after each switch and put the signer's language back (issue 25).
 */
function useSignerLanguage(language: string | undefined) {
  useEffect(() => {
    if (language) void i18n.changeLanguage(language);
  }, [language]);
}

/**
 * `#/sign/<token>`: the public signing page of one signer, observer or validator (issue 5). Keyed by the token:
 * face to face, the next signer's page opens on the same device and starts afresh.
 */
export function SigningPage() {
  const { encodedData = '' } = useParams();
  return <SigningPageOf key={encodedData} encodedData={encodedData} />;
}

function SigningPageOf({ encodedData }: { encodedData: string }) {
  const query = useSigningView(encodedData);
  const [result, setResult] = useState<(SigningActionResult & { at: number }) | null>(null);
  // An action's failure after which nothing here can work (DOCUMENT_UNSIGNABLE): it replaces the flow.
  const [ended, setEnded] = useState<{ error: unknown } | null>(null);
  const view = query.data;
  useTenantThemeColor(view?.tenant.themeColor);
  useSignerLanguage(view?.language);
  const reload = async () => (await query.refetch()).data;
  const onDone = (outcome: SigningActionResult) => {
    setResult({ ...outcome, at: Date.now() });
    void query.refetch();
  };
  const screen = screenOf(view, query.error ?? ended?.error);
  useEmbedEvents(screen, result);

  return (
    <SigningLayout company={view?.tenant.company} logoUrl={view?.tenant.logoUrl} testMode={view?.request.testMode}>
      {result ? (
        <ActionResult result={result} view={view} />
      ) : (
        <ScreenBody
          screen={screen}
          token={encodedData}
          reload={reload}
          onDone={onDone}
          onEnd={(error) => setEnded({ error })}
          onRetry={() => void query.refetch()}
        />
      )}
    </SigningLayout>
  );
}

type BodyProps = {
  screen: SigningScreen;
  token: string;
  reload: () => Promise<SigningView | undefined>;
  onDone: (result: SigningActionResult) => void;
  onEnd: (error: unknown) => void;
  onRetry: () => void;
};

const icon = (node: ReactNode, color?: string) => (
  <ThemeIcon size={56} radius="xl" variant="light" color={color}>
    {node}
  </ThemeIcon>
);

function ScreenBody({ screen, token, reload, onDone, onEnd, onRetry }: BodyProps) {
  const { t } = useTranslation('signing');
  switch (screen.kind) {
    case 'loading':
      return (
        <Center py="xl">
          <Loader role="status" aria-label={t('loading')} />
        </Center>
      );
    case 'invalid':
      return <SigningMessage title={t('invalid.title')} text={t('invalid.text')} icon={icon(<IconLinkOff size={32} />, 'gray')} />;
    case 'unavailable':
      return (
        <SigningMessage
          title={t(screen.reason === 'suspended' ? 'unavailable.titleSuspended' : 'unavailable.title')}
          text={t(`unavailable.${screen.reason}`)}
          icon={icon(<IconLinkOff size={32} />, 'gray')}
        />
      );
    case 'unsignable':
      return <SigningMessage title={t('unsignable.title')} text={t('unsignable.text')} icon={icon(<IconFileAlert size={32} />, 'orange')} />;
    case 'error':
      return (
        <SigningMessage title={t('failure.title')} text={t('errors.generic')}>
          <Button onClick={onRetry}>{t('actions.retry')}</Button>
        </SigningMessage>
      );
    case 'waiting':
      return (
        <Stack gap="lg">
          <SigningMessage title={t('waiting.title')} text={t('waiting.text')} icon={icon(<IconClockHour4 size={32} />)} />
          {screen.view.canDelegate && <HandOver token={token} reload={reload} />}
        </Stack>
      );
    case 'handedOver':
      return <HandedOverMessage view={screen.view} />;
    case 'done':
      return (
        <SigningMessage
          title={t(screen.view.signer.role === 'validator' ? 'done.titleValidator' : 'done.title')}
          text={t(screen.view.signer.role === 'validator' ? 'done.approved' : 'done.text')}
          icon={icon(<IconCheck size={32} />)}
        >
          <SignedDownloads files={signedDownloads(screen.view)} />
        </SigningMessage>
      );
    case 'refused':
      return <SigningMessage title={t('refused.title')} text={t('refused.text')} icon={icon(<IconLinkOff size={32} />, 'gray')} />;
    case 'read':
      return (
        <Stack gap="lg">
          <Intro view={screen.view} />
          <SigningMessage title={t(`read.${screen.view.turn === 'finished' ? 'finished' : 'observer'}`)} icon={icon(<IconEye size={32} />)}>
            <SignedDownloads files={signedDownloads(screen.view)} />
            {signedDownloads(screen.view).length === 0 && <Text size="sm">{t('read.downloadLater')}</Text>}
          </SigningMessage>
          {screen.view.canDelegate && <HandOver token={token} reload={reload} />}
          <DocumentsSection documents={screen.view.documents} />
        </Stack>
      );
    case 'sign':
    case 'validate': {
      const Flow = screen.kind === 'sign' ? SignFlow : ValidateFlow;
      return (
        <Stack gap="lg">
          <Intro view={screen.view} />
          {screen.view.canDelegate && <HandOver token={token} reload={reload} />}
          <Flow token={token} view={screen.view} reload={reload} onDone={onDone} onEnd={onEnd} />
        </Stack>
      );
    }
  }
}

/** The link of a participant who handed the request over: to whom and when; nothing is left to do here. */
function HandedOverMessage({ view }: { view: SigningView }) {
  const { t, i18n } = useTranslation('signing');
  const at = view.handedOver ? new Date(view.handedOver.at).toLocaleDateString(languageTag(i18n.language)) : '';
  return (
    <SigningMessage
      title={t('handedOver.title')}
      text={t('handedOver.text', { name: view.handedOver?.toName ?? '—', date: at })}
      icon={icon(<IconUserShare size={32} />)}
    />
  );
}

/** Who is asked what: the signer's name, the request, the sender's message and the deadline. */
function Intro({ view }: { view: SigningView }) {
  const { t, i18n } = useTranslation('signing');
  const deadline = view.request.expiresAt ? new Date(view.request.expiresAt).toLocaleDateString(languageTag(i18n.language)) : null;
  return (
    <Stack gap={4}>
      <Text c="dimmed">{t('intro.hello', { name: `${view.signer.firstname} ${view.signer.lastname}`.trim() })}</Text>
      <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
        {view.request.label}
      </Title>
      <Text>{t(`intro.${view.signer.role}`, { company: view.tenant.company })}</Text>
      {view.signer.invitationMessage && (
        <Text size="sm" fs="italic" style={{ whiteSpace: 'pre-wrap' }}>
          {view.signer.invitationMessage}
        </Text>
      )}
      {deadline && view.canAct && (
        <Text size="sm" c="dimmed">
          {t('intro.deadline', { date: deadline })}
        </Text>
      )}
    </Stack>
  );
}

/** `#/sign` without a token (or with more than one segment): the link was cut or altered. */
export function SigningLinkMissing() {
  const { t } = useTranslation('signing');
  return (
    <SigningLayout>
      <SigningMessage title={t('invalid.title')} text={t('invalid.text')} icon={icon(<IconLinkOff size={32} />, 'gray')} />
    </SigningLayout>
  );
}

/** Route error of `sign/:encodedData` (spec §8): the document to be signed is no longer available. */
export function SigningRouteError() {
  const { t } = useTranslation('signing');
  useRouteError();
  return (
    <SigningLayout>
      <SigningMessage title={t('unavailable.title')} text={t('unavailable.gone')} />
    </SigningLayout>
  );
}
