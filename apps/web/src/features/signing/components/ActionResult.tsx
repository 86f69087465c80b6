import { useEffect } from 'react';
import { Alert, Anchor, Button, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconDeviceMobileShare, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SigningActionResult, SigningPage } from '@paraphe/contracts';
import { handOverPath, outcomeTextKey, safeRedirect, secondsUntil, signedDownloads } from '../signingState.ts';
import { SignedDownloads, SigningMessage } from './SigningMessage.tsx';
import { formatCountdown, useNow } from '../useNow.ts';

/** Time to read the message before the tenant's page takes over. */
export const redirectDelayMs = 5000;

type Props = { result: SigningActionResult & { at: number }; view: SigningPage | undefined };

/** After sign / refuse / approve / reject: the outcome, then the tenant's success or cancel page when it set one. */
export function ActionResult({ result, view }: Props) {
  const { t } = useTranslation('signing');
  const target = safeRedirect(result.redirectUrl);
  const leaveAt = new Date(result.at + redirectDelayMs).toISOString();
  const now = useNow(target !== null);
  const positive = result.outcome === 'signed' || result.outcome === 'approved';
  // Face to face: the next participant continues on this same device, with their own code (docs/signing-page.md).
  const navigate = useNavigate();
  const nextPath = handOverPath(result);

  useEffect(() => {
    if (!target) return;
    const timer = window.setTimeout(() => window.location.assign(target), Math.max(0, result.at + redirectDelayMs - Date.now()));
    return () => window.clearTimeout(timer);
  }, [target, result.at]);

  return (
    <SigningMessage
      title={t(`result.${result.outcome}.title`)}
      text={t(outcomeTextKey(result))}
      icon={
        <ThemeIcon size={56} radius="xl" color={positive ? undefined : 'gray'} variant="light">
          {positive ? <IconCheck size={32} /> : <IconInfoCircle size={32} />}
        </ThemeIcon>
      }
    >
      {view && <SignedDownloads files={signedDownloads(view)} />}
      {nextPath && result.nextSigner && (
        <Alert variant="light" icon={<IconDeviceMobileShare size={20} />} ta="left" title={t('result.handOver.title', { name: result.nextSigner.name })}>
          <Text size="sm" mb="sm">
            {t('result.handOver.text', { name: result.nextSigner.name })}
          </Text>
          <Button fullWidth onClick={() => void navigate(nextPath)}>
            {t('result.handOver.continue', { name: result.nextSigner.name })}
          </Button>
        </Alert>
      )}
      {target && (
        <Text size="sm" aria-live="polite">
          {t('result.redirecting', { time: formatCountdown(secondsUntil(leaveAt, now)) })} <Anchor href={target}>{t('result.continueNow')}</Anchor>
        </Text>
      )}
    </SigningMessage>
  );
}
