import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/api/notify.ts';
import { useCampaignFromTemplate, useOperationFromTemplate, useTemplateAction } from '../api.ts';
import { templateErrorMessage } from '../errorMessage.ts';

type Named = { id: string; name: string };

/**
 * Duplicate (then open the copy's editor), archive (after a confirmation), restore, start a campaign or an operation
 * (then open its draft); each says what it did.
 */
export function useTemplateActions() {
  const { t } = useTranslation('requestTemplates');
  const navigate = useNavigate();
  const act = useTemplateAction();
  const campaign = useCampaignFromTemplate();
  const operation = useOperationFromTemplate();
  const failed = (error: unknown) => {
    const message = templateErrorMessage(error, t, 'errors.failed');
    if (message) notify(message, 'error');
  };
  return {
    busy: act.isPending || campaign.isPending || operation.isPending,
    /** A campaign draft with the template's documents and options: the user adds the signatories there. */
    startCampaign: (template: Named) =>
      campaign.mutate(template.id, {
        onSuccess: (made) => {
          notify(t('done.campaignStarted', { name: template.name }), 'success');
          void navigate(`/campaigns/edit/${made.id}`);
        },
        onError: failed,
      }),
    /** An operation's draft with the template's document, roles and fields: each order then names only its people. */
    startOperation: (template: Named) =>
      operation.mutate(template.id, {
        onSuccess: (made) => {
          notify(t('done.operationStarted', { name: template.name }), 'success');
          void navigate(`/batches/view/${made.id}`);
        },
        onError: failed,
      }),
    duplicate: (template: Named) =>
      act.mutate(
        { action: 'duplicate', id: template.id },
        {
          onSuccess: (copy) => {
            notify(t('done.duplicated', { name: copy.name }), 'success');
            void navigate(`/templates/edit/${copy.id}`);
          },
          onError: failed,
        },
      ),
    archive: (template: Named) =>
      modals.openConfirmModal({
        title: t('confirm.archiveTitle'),
        children: <Text size="sm">{t('confirm.archiveText', { name: template.name })}</Text>,
        labels: { confirm: t('actions.archive'), cancel: t('confirm.keep') },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          act.mutate(
            { action: 'archive', id: template.id },
            { onSuccess: () => notify(t('done.archived', { name: template.name }), 'success'), onError: failed },
          ),
      }),
    restore: (template: Named) =>
      act.mutate({ action: 'restore', id: template.id }, { onSuccess: () => notify(t('done.restored', { name: template.name }), 'success'), onError: failed }),
  };
}
