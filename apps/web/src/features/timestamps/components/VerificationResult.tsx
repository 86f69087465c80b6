import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VerificationReport, VerifiedSignature, VerifiedToken, Verdict } from '@paraphe/contracts';
import { languageTag } from '@paraphe/contracts';

const verdictColor: Record<Verdict, string> = { valid: 'green', invalid: 'red', indeterminate: 'orange' };

function VerdictBadge({ verdict }: { verdict: Verdict }) {
  const { t } = useTranslation('timestamps');
  return <Badge color={verdictColor[verdict]}>{t(`verdict.${verdict}`)}</Badge>;
}

/** One line "label: value", wrapping on a narrow screen. */
function Fact({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('timestamps');
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span c="dimmed" size="sm">
        {t('report.fact', { label })}
      </Text>
      {value}
    </Text>
  );
}

function useDate() {
  const { i18n } = useTranslation();
  return (iso: string | null) => (iso ? new Date(iso).toLocaleString(languageTag(i18n.language), { dateStyle: 'long', timeStyle: 'medium' }) : '—');
}

function SignatureCard({ signature }: { signature: VerifiedSignature }) {
  const { t } = useTranslation('timestamps');
  const date = useDate();
  const yes = (ok: boolean, good: string, bad: string) => t(ok ? good : bad);
  return (
    <Card withBorder padding="sm">
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {signature.type === 'document-timestamp' ? t('report.documentTimestamp') : (signature.signerName ?? t('report.unknownSigner'))}
          </Text>
          <VerdictBadge verdict={signature.verdict} />
        </Group>
        <Fact label={t(signature.timeProven ? 'report.provenTime' : 'report.claimedTime')} value={date(signature.signedAt)} />
        {signature.type === 'signature' && <Fact label={t('report.level')} value={signature.level ?? t('report.noLevel')} />}
        <Fact label={t('report.integrity')} value={yes(signature.integrity, 'report.intact', 'report.broken')} />
        <Fact label={t('report.coverage')} value={signature.coversWholeDocument ? t('report.wholeDocument') : signature.modifiedAfterSigning ? t('report.changedAfter') : t('report.laterRevisions')} />
        <Fact label={t('report.trust')} value={t(`trust.${signature.trustedBy}`)} />
        {signature.stampCertificate && (
          <Text size="sm">
            {t('report.stampCertificate', { company: signature.stampCertificate.company, date: date(signature.stampCertificate.importedAt), issuer: signature.stampCertificate.issuer })}
          </Text>
        )}
        <Fact label={t('report.revocation')} value={t(`revocation.${signature.revocation}`)} />
        {signature.errors.length > 0 && <Problems errors={signature.errors} />}
      </Stack>
    </Card>
  );
}

function TokenCard({ token }: { token: VerifiedToken }) {
  const { t } = useTranslation('timestamps');
  const date = useDate();
  return (
    <Card withBorder padding="sm">
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{t('report.token')}</Text>
          <VerdictBadge verdict={token.verdict} />
        </Group>
        <Fact label={t('report.coversFile')} value={t(token.coversFile ? 'report.yes' : 'report.no')} />
        <Fact label={t('report.integrity')} value={t(token.integrity ? 'report.intact' : 'report.broken')} />
        <Fact label={t('report.provenTime')} value={date(token.timestampedAt)} />
        <Fact label={t('report.tsa')} value={token.tsa ?? '—'} />
        <Fact label={t('report.serial')} value={token.serial ?? '—'} />
        <Fact label={t('report.trust')} value={t(`trust.${token.trustedBy}`)} />
        {token.errors.length > 0 && <Problems errors={token.errors} />}
      </Stack>
    </Card>
  );
}

/** The engine's own findings (technical, in English), listed as they are. */
function Problems({ errors }: { errors: string[] }) {
  const { t } = useTranslation('timestamps');
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {t('report.details')}
      </Text>
      <List size="xs">
        {errors.map((e) => (
          <List.Item key={e} style={{ overflowWrap: 'anywhere' }}>
            {e}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** Everything a verification found: the file, its verdict, each signature and time-stamp, or the detached token. */
export function VerificationResult({ report }: { report: VerificationReport }) {
  const { t } = useTranslation('timestamps');
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} style={{ overflowWrap: 'anywhere' }}>
          {report.fileName}
        </Title>
        <VerdictBadge verdict={report.verdict} />
      </Group>
      <Fact label={t('report.sha256')} value={report.sha256} />
      {report.kind === 'pdf' && report.signatures.length === 0 && <Text>{t('report.noSignature')}</Text>}
      {report.signatures.map((s) => (
        <SignatureCard key={`${s.fieldName}-${s.signedAt}`} signature={s} />
      ))}
      {report.token && <TokenCard token={report.token} />}
      {report.errors.length > 0 && <Problems errors={report.errors} />}
    </Stack>
  );
}
