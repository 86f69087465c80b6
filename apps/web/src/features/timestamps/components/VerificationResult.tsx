import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { IdentityStatus, SubIndication, VerificationReport, VerifiedSignature, VerifiedToken, Verdict } from '@paraphe/contracts';
import { languageTag } from '@paraphe/contracts';
import { coverageKey } from '../coverage.ts';

const verdictColor: Record<Verdict, string> = { valid: 'green', invalid: 'red', indeterminate: 'orange' };

function VerdictBadge({ verdict, label }: { verdict: Verdict; label?: string | undefined }) {
  const { t } = useTranslation('timestamps');
  // "Valid signature, identity declared": intact and made by the account, its name not verified — not green.
  const color = label === 'verdict.identityDeclared' ? 'orange' : verdictColor[verdict];
  return (
    <Badge color={color} style={{ maxWidth: '100%', height: 'auto', whiteSpace: 'normal' }}>
      {t(label ?? `verdict.${verdict}`)}
    </Badge>
  );
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

/**
 * The badge: an intact signature whose certificate nobody we trust vouches for says so in words ("valid signature,
 * identity not confirmed"), not a bare "indeterminate"; an intact time-stamp from an unknown authority likewise; a
 * platform seal whose name only its account declared is "valid signature, identity declared", never a bare "Valid".
 */
function verdictLabel(verdict: Verdict, subIndication: SubIndication | null, timestamp: boolean, identity?: IdentityStatus): string | undefined {
  if (verdict === 'valid' && identity === 'declared') return 'verdict.identityDeclared';
  if (verdict !== 'indeterminate' || subIndication !== 'NO_CERTIFICATE_CHAIN_FOUND') return undefined;
  return timestamp ? 'verdict.timeUnconfirmed' : 'verdict.identityUnconfirmed';
}

const fullyValid = (s: VerifiedSignature) => s.verdict === 'valid' && s.identity !== 'declared';

/** The file's badge: when every signature that is not fully valid says the same thing in words, the file says it too. */
function fileVerdictLabel(report: VerificationReport): string | undefined {
  if (report.token) return verdictLabel(report.token.verdict, report.token.subIndication, true);
  const labels = report.signatures
    .filter((s) => !fullyValid(s))
    .map((s) => verdictLabel(s.verdict, s.subIndication, s.type === 'document-timestamp', s.identity));
  return labels.length > 0 && labels.every((l) => l !== undefined && l === labels[0]) ? labels[0] : undefined;
}

/** Who signed, as a headline: the confirmed name, else the tenant that imported the certificate, never the certificate's own claim. */
function SignerHeadline({ signature }: { signature: VerifiedSignature }) {
  const { t } = useTranslation('timestamps');
  const headline =
    signature.type === 'document-timestamp'
      ? t('report.documentTimestamp')
      : signature.identity === 'confirmed'
        ? (signature.signerName ?? t('report.unknownSigner'))
        : signature.identity === 'declared'
          ? t('identity.declaredHeadline', { name: signature.declaredBy?.company ?? signature.declaredName ?? '—' })
          : (signature.importedBy?.company ?? t('report.unidentifiedSigner'));
  return (
    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
      {headline}
    </Text>
  );
}

/** An unconfirmed identity: whose account imported the certificate, and what the certificate says of itself (not confirmed). */
function UnconfirmedIdentity({ signature }: { signature: VerifiedSignature }) {
  const { t } = useTranslation('timestamps');
  const date = useDate();
  const { importedBy } = signature;
  const timestamp = signature.type === 'document-timestamp';
  return (
    <>
      <Text size="sm" c="orange.8">
        {t(timestamp ? 'identity.unconfirmedAuthority' : 'identity.unconfirmed')}
      </Text>
      {importedBy && (
        <>
          <Text size="sm">
            {t(importedBy.source === 'billing-profile' ? 'identity.importedByProfile' : 'identity.importedByAccount', { date: date(importedBy.importedAt) })}
          </Text>
          {importedBy.registrationNumber && (
            <Fact label={t('identity.registrationNumber')} value={[importedBy.registrationNumber, importedBy.country].filter(Boolean).join(' · ')} />
          )}
          <Fact label={t('identity.declaredIssuer')} value={importedBy.issuer} />
        </>
      )}
      <Fact label={t('identity.declaredName')} value={signature.declaredName ?? '—'} />
    </>
  );
}

/**
 * A platform seal whose name is the account's declaration: the platform's CA proves which client account sealed, the
 * product administrator has not verified its company identity (or the name differs from the verified one).
 */
function DeclaredIdentity({ signature }: { signature: VerifiedSignature }) {
  const { t } = useTranslation('timestamps');
  const { declaredBy } = signature;
  return (
    <>
      <Text size="sm" c="orange.8">
        {t('identity.declared')}
      </Text>
      {declaredBy && (
        <>
          <Text size="sm">{t(declaredBy.source === 'billing-profile' ? 'identity.declaredByProfile' : 'identity.declaredByAccount')}</Text>
          {declaredBy.registrationNumber && (
            <Fact label={t('identity.registrationNumber')} value={[declaredBy.registrationNumber, declaredBy.country].filter(Boolean).join(' · ')} />
          )}
        </>
      )}
      <Fact label={t('identity.declaredSealName')} value={signature.declaredName ?? '—'} />
    </>
  );
}

const timeLabel = { confirmed: 'report.provenTime', unconfirmed: 'report.unconfirmedTime', claimed: 'report.claimedTime' } as const;

function SignatureCard({ signature }: { signature: VerifiedSignature }) {
  const { t } = useTranslation('timestamps');
  const date = useDate();
  const yes = (ok: boolean, good: string, bad: string) => t(ok ? good : bad);
  const timestamp = signature.type === 'document-timestamp';
  return (
    <Card withBorder padding="sm">
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <SignerHeadline signature={signature} />
          <VerdictBadge verdict={signature.verdict} label={verdictLabel(signature.verdict, signature.subIndication, timestamp, signature.identity)} />
        </Group>
        {signature.identity === 'unconfirmed' && <UnconfirmedIdentity signature={signature} />}
        {signature.identity === 'declared' && <DeclaredIdentity signature={signature} />}
        {timestamp && signature.identity === 'confirmed' && <Fact label={t('report.tsa')} value={signature.signerName ?? '—'} />}
        <Fact label={t(timeLabel[signature.time])} value={date(signature.signedAt)} />
        {signature.type === 'signature' && <Fact label={t('report.level')} value={signature.level ?? t('report.noLevel')} />}
        <Fact label={t('report.integrity')} value={yes(signature.integrity, 'report.intact', 'report.broken')} />
        <Fact label={t('report.coverage')} value={t(coverageKey(signature))} />
        <Fact label={t('report.trust')} value={t(`trust.${signature.trustedBy}`)} />
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
          <VerdictBadge verdict={token.verdict} label={verdictLabel(token.verdict, token.subIndication, true)} />
        </Group>
        {token.identity === 'unconfirmed' && (
          <Text size="sm" c="orange.8">
            {t('identity.unconfirmedAuthority')}
          </Text>
        )}
        <Fact label={t('report.coversFile')} value={t(token.coversFile ? 'report.yes' : 'report.no')} />
        <Fact label={t('report.integrity')} value={t(token.integrity ? 'report.intact' : 'report.broken')} />
        <Fact label={t(timeLabel[token.time])} value={date(token.timestampedAt)} />
        <Fact label={t(token.identity === 'confirmed' ? 'report.tsa' : 'identity.declaredName')} value={token.tsa ?? '—'} />
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
        <VerdictBadge verdict={report.verdict} label={fileVerdictLabel(report)} />
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
