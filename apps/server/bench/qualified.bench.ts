/**
 * Qualified certificates (docs/qualified.md), in-process server, PGlite in memory: (1) the public sign call of a
 * level-3 request (code checked, counter incremented, key unsealed by scrypt, RSA-2048 signature, B-T) against the
 * same call at level 2 (one-time P-256 certificate); (2) the operator queue and the signer check with `rows`
 * certificates across 20 tenants. Run: `node bench/qualified.bench.ts [signatures] [rows]` from apps/server
 * (default 10 signatures per level, 5,000 rows).
 */
import { sql } from 'drizzle-orm';
import { qualifiedCertificates } from '../src/domains/certificates/schema.ts';
import { adminEmail, createTestContext, type TestClient, type TestContext } from '../test/support/harness.ts';
import { activatedCertificate, holderOf, qualifiedTenant } from '../test/certificates/support.ts';
import { messagesTo, signer } from '../test/support/signatures.ts';
import { sentRequest } from '../test/support/signing-flow.ts';
import { lastCode, signingApi, tokenOf } from '../test/support/signing-page.ts';

const signatures = Number(process.argv[2] ?? 10);
const rows = Number(process.argv[3] ?? 5000);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const report = (label: string, durations: number[]) => {
  const sorted = [...durations].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} n=${sorted.length}  p50=${percentile(sorted, 50).toFixed(1)} ms  p95=${percentile(sorted, 95).toFixed(1)} ms  max=${sorted.at(-1)!.toFixed(1)} ms`,
  );
};

async function signCalls(t: TestContext, requester: TestClient, email: string, level: number): Promise<number[]> {
  const durations: number[] = [];
  for (let i = 0; i < signatures; i++) {
    const request = await sentRequest(t, requester, { level, signers: [signer(0, { emailAddress: email })] });
    const invitation = (await messagesTo(t, email, 'signature-invitation')).find((m) => m.about === `signer:${request.signers[0]!.id}`)!;
    const api = signingApi(t, tokenOf(invitation.text));
    const view = await api.view();
    await api.code();
    const consents = view.json().data.documents.map((d: { checkBoxTexts: string[] }) => d.checkBoxTexts.map(() => true));
    const code = await lastCode(t, email);
    const started = performance.now();
    const signed = await api.sign({ code, consents });
    durations.push(performance.now() - started);
    if (signed.statusCode !== 200) throw new Error(`sign: ${signed.statusCode} ${signed.body}`);
  }
  return durations;
}

const t = await createTestContext();
try {
  const tenant = await qualifiedTenant(t);
  const holder = await holderOf(t, tenant.appId);
  const operator = await t.login(adminEmail);
  await activatedCertificate(t, holder, operator);
  report('sign call, level 2 (one-time P-256)', await signCalls(t, tenant.client, holder.email, 2));
  report('sign call, level 3 (qualified, RSA-2048)', await signCalls(t, tenant.client, holder.email, 3));

  const tenants = await Promise.all(Array.from({ length: 20 }, () => t.factory.tenant({ doubleAuth: false })));
  const started = performance.now();
  for (let i = 0; i < rows; i += 500) {
    await t.database.db.insert(qualifiedCertificates).values(
      Array.from({ length: Math.min(500, rows - i) }, (_, j) => {
        const n = i + j;
        return {
          appId: tenants[n % 20]!.appId,
          status: (['open', 'activated', 'rejected', 'expired'] as const)[n % 4]!,
          email: `holder${n}@example.com`,
          firstName: 'Holder',
          lastName: String(n),
          mobile: '+33600000000',
          provider: 'local' as const,
          submittedAt: n % 4 === 0 ? new Date() : null,
        };
      }),
    );
  }
  console.log(`inserted ${rows} certificates in ${(performance.now() - started).toFixed(0)} ms`);
  await t.database.db.execute(sql`analyze qualified_certificates`);
  const queue: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const res = await operator.call('GET', `/api/admin/certificates?status=open&limit=20&offset=${i * 20}`, 'application');
    queue.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(res.body);
  }
  report(`operator queue (${rows} rows, page of 20)`, queue);
  const checks: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const res = await tenant.client.call('GET', `/api/certificate/signer-check?email=${encodeURIComponent(holder.email)}`, 'history');
    checks.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(res.body);
  }
  report('signer check', checks);
} finally {
  await t.close();
}
