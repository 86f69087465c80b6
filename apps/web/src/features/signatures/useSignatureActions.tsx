import { Text } from '@mantine/core';
import { useState } from 'react';
import { modals } from '@mantine/modals';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { relaunchCooldownMinutes, signerDisplayName, type Signer, type SignatureRequest, type SigningLink } from '@paraphe/contracts';
import { isCancellation } from '../../shared/api/apiError.ts';
import { notify } from '../../shared/api/notify.ts';
import { downloads, useDeleteSignatureRequest, useDuplicateSignatureRequest, useRegenerateArchive, useSignatureAction } from './api.ts';
import { signatureErrorMessage } from './errorMessages.ts';
import { openSigningLinks } from './components/signingLinks.tsx';
import { openRelaunchOutcome } from './components/relaunchOutcome.tsx';
import { relaunchTooSoon, skippedSigners } from './relaunch.ts';
import { formatDateTime } from '../../shared/format.ts';
import { useMe } from '../auth/index.ts';
import { showBillingRequired } from '../billing/index.ts';

type Target = Pick<SignatureRequest, 'id' | 'label'>;
/** After this long without the file, the download says it is being prepared. */
const slowDownloadMs = 800;

/** The actions of the state machine, with their confirmations and messages; shared by the list and the view. */
export function useSignatureActions(options: { afterDelete?: () => void } = {}) {
  const { t, i18n } = useTranslation('signatures');
  const navigate = useNavigate();
  const act = useSignatureAction();
  const remove = useDeleteSignatureRequest();
  const duplicate = useDuplicateSignatureRequest();
  const regenerate = useRegenerateArchive();
  // The request whose signed documents are being zipped and downloaded (its button spins meanwhile).
  const [downloadingSigned, setDownloadingSigned] = useState<string | null>(null);

  const me = useMe();
  const fail = (fallbackKey: string) => (error: unknown) => {
    if (isCancellation(error)) return;
    // A live send without a billing profile: a way to the form rather than a dead end.
    if (!showBillingRequired(error, (to) => void navigate(to), me.permissions.includes('billing.manage')))
      notify(signatureErrorMessage(error, t, fallbackKey), 'error');
  };
  const confirm = (title: string, text: string, confirmLabel: string, onConfirm: () => void, danger = false) =>
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{text}</Text>,
      labels: { confirm: confirmLabel, cancel: t('confirm.keep') },
      confirmProps: danger ? { color: 'red' } : undefined,
      onConfirm,
    });
  const download = (run: () => Promise<boolean>, onNothing?: () => void) => run().then((found) => (found ? undefined : onNothing?.()), fail('failed.download'));

  return {
    send: (r: Target, onSent?: (links: SigningLink[]) => void) =>
      confirm(t('confirm.sendTitle'), t('confirm.sendText', { label: r.label }), t('actions.send'), () =>
        act.mutate(
          { id: r.id, action: 'send' },
          {
            onSuccess: (sent) => {
              notify(t('done.sent'), 'success');
              openSigningLinks(sent.options.chainingMode, sent.links, t);
              onSent?.(sent.links);
            },
            onError: fail('failed.send'),
          },
        ),
      ),
    cancel: (r: Target) =>
      confirm(
        t('confirm.cancelTitle'),
        t('confirm.cancelText', { label: r.label }),
        t('actions.cancel'),
        () => act.mutate({ id: r.id, action: 'cancel' }, { onSuccess: () => notify(t('done.canceled'), 'success'), onError: fail('failed.cancel') }),
        true,
      ),
    cancelSigner: (r: Target, signer: Signer) =>
      confirm(
        t('confirm.cancelSignerTitle'),
        t('confirm.cancelSignerText', { name: signerDisplayName(signer) }),
        t('actions.cancelSigner'),
        () =>
          act.mutate(
            { id: r.id, action: 'cancel', signerId: signer.id },
            { onSuccess: () => notify(t('done.signerCanceled'), 'success'), onError: fail('failed.cancel') },
          ),
        true,
      ),
    relaunch: (r: Target) =>
      confirm(t('confirm.relaunchTitle'), t('confirm.relaunchText', { label: r.label }), t('actions.relaunch'), () =>
        act.mutate(
          { id: r.id, action: 'relaunch' },
          {
            onSuccess: (sent) => {
              const skipped = skippedSigners(sent.relaunch, sent.signers ?? []);
              if (skipped.length === 0) notify(t('done.relaunched'), 'success');
              else openRelaunchOutcome(sent.relaunch?.reminded.length ?? 0, skipped, t, i18n.language);
            },
            onError: (error) => {
              const tooSoon = relaunchTooSoon(error);
              if (!tooSoon) return fail('failed.relaunch')(error);
              const { availableAt } = tooSoon;
              const minutes = relaunchCooldownMinutes;
              notify(
                availableAt ? t('relaunch.tooSoon', { minutes, date: formatDateTime(availableAt, i18n.language) }) : t('relaunch.tooSoonLater', { minutes }),
                'error',
              );
            },
          },
        ),
      ),
    remove: (r: Target) =>
      confirm(
        t('confirm.deleteTitle'),
        t('confirm.deleteText', { label: r.label }),
        t('actions.delete'),
        () =>
          remove.mutate(r.id, {
            onSuccess: () => {
              notify(t('done.deleted'), 'success');
              options.afterDelete?.();
            },
            onError: fail('failed.delete'),
          }),
        true,
      ),
    duplicate: (r: Target) =>
      confirm(t('confirm.duplicateTitle'), t('confirm.duplicateText', { label: r.label }), t('actions.duplicate'), () =>
        duplicate.mutate(r.id, {
          onSuccess: (copy) => {
            notify(t('done.duplicated'), 'success');
            void navigate(`/signatures/view/${copy.id}`);
          },
          onError: fail('failed.duplicate'),
        }),
      ),
    retryCompletion: (r: Target) =>
      act.mutate(
        { id: r.id, action: 'retryCompletion' },
        { onSuccess: () => notify(t('done.completionRetried'), 'info'), onError: fail('failed.retryCompletion') },
      ),
    regenerateArchive: (r: Target) => regenerate.mutate(r.id, { onSuccess: () => notify(t('done.archiveQueued'), 'info'), onError: fail('failed.archive') }),
    downloadSigned: (r: Target) => {
      setDownloadingSigned(r.id);
      // A big archive takes a while to come: say it is on its way rather than seem to do nothing.
      const slow = setTimeout(() => notify(t('done.preparingDownload'), 'info'), slowDownloadMs);
      return download(() => downloads.archive(r.id, r.label)).finally(() => {
        clearTimeout(slow);
        setDownloadingSigned(null);
      });
    },
    downloadingSigned,
    downloadAttestation: (r: Target) =>
      download(
        () => downloads.attestation(r.id),
        () => notify(t('noAttestation'), 'info'),
      ),
    downloadDocument: (r: Target, docId: string, fileName: string) => download(() => downloads.document(r.id, docId, fileName)),
    busy: act.isPending || remove.isPending || duplicate.isPending || regenerate.isPending,
  };
}
