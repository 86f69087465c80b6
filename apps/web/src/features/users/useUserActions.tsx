import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import type { User } from '@paraphe/contracts';
import { isApiError } from '../../shared/api/apiError.ts';
import { notify, notifyApiError } from '../../shared/api/notify.ts';
import { useCommute } from '../auth/index.ts';
import { fetchIsUsed, useDeleteUser, useSetUserActive } from './api.ts';
import { displayName } from './hierarchy.ts';
import { HierarchyTree } from './components/HierarchyTree.tsx';

/** Row actions of the users list: delete (or deactivate when the user has subordinates), hierarchy, view as. */
export function useUserActions() {
  const { t } = useTranslation('users');
  const deleteUser = useDeleteUser();
  const setActive = useSetUserActive();
  const commute = useCommute();

  const offerDeactivate = (user: User, subordinates: number) =>
    modals.openConfirmModal({
      title: t('deactivateTitle'),
      children: <Text size="sm">{t('inUse', { count: subordinates, name: displayName(user) })}</Text>,
      labels: { confirm: t('deactivate'), cancel: t('common.cancel') },
      onConfirm: () => setActive.mutate({ user, active: false }, { onSuccess: () => notify(t('deactivated'), 'success') }),
    });

  const confirmDelete = (user: User) =>
    modals.openConfirmModal({
      title: t('deleteTitle'),
      children: <Text size="sm">{t('deleteConfirm', { name: displayName(user) })}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteUser.mutate(user.id, {
          onSuccess: () => notify(t('deleted'), 'success'),
          onError: (error) => (isApiError(error, 'USER_IN_USE') ? offerDeactivate(user, 0) : notifyApiError(error)),
        }),
    });

  return {
    remove: async (user: User) => {
      try {
        const usage = await fetchIsUsed(user.id);
        if (usage.isUsed) offerDeactivate(user, usage.subordinates);
        else confirmDelete(user);
      } catch (error) {
        notifyApiError(error);
      }
    },
    activate: (user: User) => setActive.mutate({ user, active: true }, { onSuccess: () => notify(t('activated'), 'success') }),
    showHierarchy: (user: User) => modals.open({ title: t('hierarchy'), children: <HierarchyTree user={user} />, size: 'lg' }),
    viewAs: (user: User) =>
      modals.openConfirmModal({
        title: t('viewAs'),
        children: <Text size="sm">{t('viewAsConfirm', { name: displayName(user) })}</Text>,
        labels: { confirm: t('viewAs'), cancel: t('common.cancel') },
        onConfirm: () => commute.mutate({ appId: user.appId, userId: user.id }),
      }),
  };
}
