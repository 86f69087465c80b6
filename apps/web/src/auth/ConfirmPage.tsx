import { useEffect, useRef } from 'react';
import { Anchor, Center, Loader } from '@mantine/core';
import { IconCircleCheck, IconAlertTriangle } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MessagePage } from '../shell/MessagePage.tsx';
import { useConfirmAccount } from './api.ts';

/** `/confirm?token=`: the link of the confirmation mail sent after sign-up. */
export function ConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmAccount();
  const sent = useRef(false);

  useEffect(() => {
    // Once only: the token is single-use and React may mount effects twice in development.
    if (sent.current || token.length < 10) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  const toLogin = <Anchor component={Link} to="/">{t('common.toLogin')}</Anchor>;
  if (token.length < 10 || confirm.isError) {
    return <MessagePage icon={<IconAlertTriangle size={40} />} title={t('confirm.failedTitle')} text={t('confirm.failedText')} action={toLogin} />;
  }
  if (confirm.isSuccess) {
    return <MessagePage icon={<IconCircleCheck size={40} color="teal" />} title={t('confirm.doneTitle')} text={t('confirm.doneText')} action={toLogin} />;
  }
  return (
    <Center py="xl">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}
