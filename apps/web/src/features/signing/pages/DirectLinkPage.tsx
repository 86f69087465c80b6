import { useState, type FormEvent } from 'react';
import { Alert, Button, Center, Loader, List, Paper, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { personLanguages, type DirectLinkInfo, type PersonLanguage } from '@paraphe/contracts';
import { useTenantThemeColor } from '../../../shared/theme/ThemeColor.tsx';
import { isApiError } from '../../../shared/api/apiError.ts';
import { SigningLayout } from '../components/SigningLayout.tsx';
import { claimDirectLink, useDirectLinkInfo, verifyDirectLinkClaim } from '../directLinkApi.ts';

type Claim = { claimId: string; destination: string };

/** The message of a refused call: the link's state, a rate with its wait, a wrong code with its tries left. */
function useFailureText() {
  const { t } = useTranslation('signing');
  return (error: unknown): string => {
    if (!isApiError(error)) return t('directLink.failed');
    const seconds = Number(error.details.retryAfterSeconds);
    switch (error.code) {
      case 'LINK_INVALID':
        return t('directLink.invalid');
      case 'LINK_UNAVAILABLE':
        return t('directLink.unavailable');
      case 'RATE_LIMITED':
        return t('directLink.rateLimited', { minutes: Math.max(1, Math.ceil((Number.isFinite(seconds) ? seconds : 60) / 60)) });
      case 'CODE_INVALID':
        return t('directLink.codeInvalid', { count: Number(error.details.triesLeft) || 0 });
      case 'CODE_LOCKED':
      case 'CODE_EXPIRED':
        return t('directLink.codeDead');
      case 'VALIDATION_FAILED':
        return error.fields[0]?.message ?? error.message;
      default:
        return t('directLink.failed');
    }
  };
}

/** `#/d/<slug>`: a template's direct link — name and e-mail, the mailed code, then the signing page. */
export function DirectLinkPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation('signing');
  const info = useDirectLinkInfo(slug);
  const failureText = useFailureText();
  useTenantThemeColor(info.data?.tenant.themeColor);
  return (
    <SigningLayout company={info.data?.tenant.company} logoUrl={info.data?.tenant.logoUrl}>
      {info.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label={t('loading')} />
        </Center>
      ) : info.data ? (
        <Visit slug={slug} info={info.data} />
      ) : (
        <Stack align="center" py="xl" ta="center">
          <ThemeIcon size={56} radius="xl" color="gray" variant="light">
            <IconLinkOff size={32} />
          </ThemeIcon>
          <Title order={1} size="h3">
            {failureText(info.error)}
          </Title>
        </Stack>
      )}
    </SigningLayout>
  );
}

function Visit({ slug, info }: { slug: string; info: DirectLinkInfo }) {
  const { t } = useTranslation('signing');
  const [claim, setClaim] = useState<Claim | null>(null);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {info.templateName}
        </Title>
        <Text>{t('directLink.intro', { company: info.tenant.company, role: info.roleName })}</Text>
      </Stack>
      <div>
        <Text fw={600}>{t('directLink.documents', { count: info.documents.length })}</Text>
        <List size="sm">
          {info.documents.map((d, i) => (
            <List.Item key={i}>{d.title}</List.Item>
          ))}
        </List>
      </div>
      <Paper withBorder p="md" radius="md">
        {claim ? <CodeStep slug={slug} claim={claim} onRestart={() => setClaim(null)} /> : <IdentityStep slug={slug} onClaimed={setClaim} />}
      </Paper>
    </Stack>
  );
}

function IdentityStep({ slug, onClaimed }: { slug: string; onClaimed: (claim: Claim) => void }) {
  const { t, i18n } = useTranslation('signing');
  const failureText = useFailureText();
  const [person, setPerson] = useState({ firstname: '', lastname: '', emailAddress: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const language = (personLanguages as readonly string[]).includes(i18n.language) ? (i18n.language as PersonLanguage) : null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onClaimed(await claimDirectLink(slug, { ...person, language }));
    } catch (e) {
      setError(failureText(e));
    } finally {
      setBusy(false);
    }
  };
  const field = (key: keyof typeof person) => ({
    value: person[key],
    onChange: (e: { currentTarget: { value: string } }) => setPerson({ ...person, [key]: e.currentTarget.value }),
  });
  return (
    <form onSubmit={(e) => void submit(e)}>
      <Stack>
        <Title order={2} size="h4">
          {t('directLink.identityTitle')}
        </Title>
        <TextInput required label={t('directLink.firstname')} autoComplete="given-name" {...field('firstname')} />
        <TextInput required label={t('directLink.lastname')} autoComplete="family-name" {...field('lastname')} />
        <TextInput
          required
          type="email"
          label={t('directLink.email')}
          description={t('directLink.emailHelp')}
          autoComplete="email"
          {...field('emailAddress')}
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={busy}>
          {t('directLink.sendCode')}
        </Button>
      </Stack>
    </form>
  );
}

function CodeStep({ slug, claim, onRestart }: { slug: string; claim: Claim; onRestart: () => void }) {
  const { t } = useTranslation('signing');
  const failureText = useFailureText();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<{ text: string; dead: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const made = await verifyDirectLinkClaim(slug, claim.claimId, code.trim());
      await navigate(`/sign/${made.token}`);
    } catch (e) {
      const dead = isApiError(e) && (e.code === 'CODE_LOCKED' || e.code === 'CODE_EXPIRED');
      setFailure({ text: failureText(e), dead });
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)}>
      <Stack>
        <Title order={2} size="h4">
          {t('directLink.codeTitle')}
        </Title>
        <Text>{t('directLink.codeSent', { destination: claim.destination })}</Text>
        <TextInput
          required
          label={t('code.label')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure.text}
          </Alert>
        )}
        {failure?.dead ? (
          <Button variant="light" onClick={onRestart}>
            {t('directLink.restart')}
          </Button>
        ) : (
          <Button type="submit" loading={busy}>
            {t('directLink.verify')}
          </Button>
        )}
      </Stack>
    </form>
  );
}
