import { Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../../shared/ui/MessagePage.tsx';

export function LogoutPage() {
  const { t } = useTranslation('auth');
  return (
    <MessagePage
      icon={<IconLogout size={40} />}
      title={t('logout.title')}
      text={t('logout.text')}
      action={
        <Button component={Link} to="/">
          {t('common.toLogin')}
        </Button>
      }
    />
  );
}
