import { useEffect, useRef } from 'react';
import { Anchor, Center, Loader } from '@mantine/core';
import { IconCircleCheck, IconAlertTriangle } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../../shared/ui/MessagePage.tsx';
import { useConfirmAccount, useConfirmEmailChange } from '../api.ts';

/**
 * `/confirm?token=`: the link of the confirmation mail sent after sign-up; `/confirm-email?token=`: the link mailed
 * to a new address when an account's e-mail changes (the login address changes once it is opened).
 */
export function ConfirmPage({ kind = 'account' }: { kind?: 'account' | 'email' }) {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirmAccount = useConfirmAccount();
  const confirmEmail = useConfirmEmailChange();
  const confirm = kind === 'email' ? confirmEmail : confirmAccount;
  const texts = kind === 'email' ? 'confirmEmail' : 'confirm';
  const sent = useRef(false);

  useEffect(() => {
    // Once only: the token is single-use and React may mount effects twice in development.
    if (sent.current || token.length < 10) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  const toLogin = (
    <Anchor component={Link} to="/">
      {t('common.toLogin')}
    </Anchor>
  );
  if (token.length < 10 || confirm.isError) {
    return <MessagePage icon={<IconAlertTriangle size={40} />} title={t(`${texts}.failedTitle`)} text={t(`${texts}.failedText`)} action={toLogin} />;
  }
  if (confirm.isSuccess) {
    return <MessagePage icon={<IconCircleCheck size={40} color="teal" />} title={t(`${texts}.doneTitle`)} text={t(`${texts}.doneText`)} action={toLogin} />;
  }
  return (
    <Center py="xl">
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}
