import { useState } from 'react';
import { Button, Group, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconArchive,
  IconBan,
  IconCopy,
  IconDots,
  IconDownload,
  IconEdit,
  IconFileSpreadsheet,
  IconRefresh,
  IconRepeat,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '@paraphe/contracts';
import { ApiError, isCancellation } from '../../../../shared/api/apiError.ts';
import { notify } from '../../../../shared/api/notify.ts';
import { downloads, useCampaignCommand, useDuplicateCampaign, type CampaignCommand } from '../../api.ts';
import type { ScreenAction } from '../../campaignScreen.ts';
import { detailsOf } from '../../campaignErrors.ts';
import { editPath, listPath, viewPath } from '../../campaignKinds.ts';
import { SendRefusal } from './SendRefusal.tsx';
import { useMe } from '../../../auth/index.ts';
import { showBillingRequired } from '../../../billing/index.ts';

const icons: Record<ScreenAction, typeof IconSend> = {
  edit: IconEdit,
  send: IconSend,
  relaunch: IconRefresh,
  retry: IconRepeat,
  archive: IconArchive,
  downloadArchive: IconDownload,
  export: IconFileSpreadsheet,
  duplicate: IconCopy,
  cancel: IconBan,
  delete: IconTrash,
};
/** The first ones are buttons; the rest, in the "more" menu. */
const primary: readonly ScreenAction[] = ['edit', 'send', 'relaunch', 'retry', 'downloadArchive'];
const destructive: readonly ScreenAction[] = ['cancel', 'delete'];

/** The header's actions the status allows (campaignScreen.screenActions), each confirmed when it cannot be undone. */
export function CampaignActions({ campaign, actions }: { campaign: Campaign; actions: ScreenAction[] }) {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const command = useCampaignCommand();
  const duplicate = useDuplicateCampaign();
  const [downloading, setDownloading] = useState(false);
  const me = useMe();
  const failed = (error: unknown) => {
    if (isCancellation(error)) return;
    if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
      modals.open({ title: t('sendRefused.title'), children: <SendRefusal fields={error.fields} details={detailsOf(error)} /> });
      return;
    }
    if (showBillingRequired(error, (to) => void navigate(to), me.permissions.includes('billing.manage'))) return;
    notify(error instanceof ApiError ? t(`errorsByCode.${error.code}`, { defaultValue: error.message }) : t('failed.action'), 'error');
  };

  const run = (name: CampaignCommand, done: string, after?: () => void) =>
    command.mutate(
      { command: name, id: campaign.id },
      {
        onSuccess: () => {
          notify(done, 'success');
          after?.();
        },
        onError: failed,
      },
    );
  const confirm = (action: ScreenAction, text: string, onConfirm: () => void) =>
    modals.openConfirmModal({
      title: t(`confirm.${action}Title`),
      children: <Text size="sm">{text}</Text>,
      labels: { confirm: t(`actions.${action}`), cancel: t('confirm.keep') },
      confirmProps: destructive.includes(action) ? { color: 'red' } : undefined,
      onConfirm,
    });
  const download = (fetch: () => Promise<boolean>, nothing: string) => {
    setDownloading(true);
    fetch()
      .then((given) => !given && notify(nothing, 'info'))
      .catch(failed)
      .finally(() => setDownloading(false));
  };

  const handlers: Record<ScreenAction, () => void> = {
    edit: () => void navigate(editPath(campaign.type, campaign.id)),
    send: () => confirm('send', t('confirm.sendText', { label: campaign.label, count: campaign.signatoryCount }), () => run('send', t('done.sent'))),
    relaunch: () => confirm('relaunch', t('confirm.relaunchText'), () => run('relaunch', t('done.relaunched'))),
    retry: () => run('retry', t('done.retried')),
    archive: () => run('requestArchive', t('done.archiveRequested')),
    downloadArchive: () => download(() => downloads.archive(campaign.id, campaign.label), t('done.noArchive')),
    export: () => download(() => downloads.export(campaign.id, campaign.label), t('done.noArchive')),
    duplicate: () =>
      duplicate.mutate(campaign.id, {
        onSuccess: (copy) => {
          notify(t('done.duplicated'), 'success');
          void navigate(viewPath(copy.type, copy.id));
        },
        onError: failed,
      }),
    cancel: () => confirm('cancel', t('confirm.cancelText'), () => run('cancel', t('done.canceled'))),
    delete: () =>
      confirm('delete', t('confirm.deleteText', { label: campaign.label }), () =>
        run('remove', t('done.deleted'), () => void navigate(listPath(campaign.type))),
      ),
  };
  const busy = command.isPending || duplicate.isPending || downloading;
  const buttons = actions.filter((a) => primary.includes(a));
  const more = actions.filter((a) => !primary.includes(a));

  return (
    <Group gap="xs">
      {buttons.map((a) => {
        const Icon = icons[a];
        return (
          <Button key={a} size="sm" variant={a === 'send' ? 'filled' : 'default'} leftSection={<Icon size={16} />} disabled={busy} onClick={handlers[a]}>
            {t(`actions.${a}`)}
          </Button>
        );
      })}
      {more.length > 0 && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="sm" variant="default" leftSection={<IconDots size={16} />} loading={busy}>
              {t('actions.more')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {more.map((a) => {
              const Icon = icons[a];
              return (
                <Menu.Item key={a} color={destructive.includes(a) ? 'red' : undefined} leftSection={<Icon size={16} />} onClick={handlers[a]}>
                  {t(`actions.${a}`)}
                </Menu.Item>
              );
            })}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
