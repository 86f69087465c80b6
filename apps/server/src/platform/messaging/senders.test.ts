import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { addressing, addressOf, createSenderDirectory, type TenantSender } from './senders.ts';

const verified: TenantSender = {
  address: 'contrats@acme.example',
  name: 'Acme',
  dkim: { domainName: 'acme.example', keySelector: 'paraphe202612', privateKey: 'k' },
};

describe("a tenant's mail sender, as delivery asks for it", () => {
  it('asks the resolver once per tenant for concurrent and following mails, again after forget()', async () => {
    const directory = createSenderDirectory(createLogger('silent'));
    let asked = 0;
    directory.use(async () => {
      asked++;
      return verified;
    });
    const answers = await Promise.all(Array.from({ length: 50 }, () => directory.of('app-1', 'signature-invitation')));
    expect(answers.every((a) => a === verified)).toBe(true);
    expect(asked).toBe(1);
    await directory.of('app-1', 'signature-reminder');
    expect(asked).toBe(1);
    directory.forget('app-1');
    await directory.of('app-1', 'signature-reminder');
    expect(asked).toBe(2);
  });

  it("the platform's own mails, mails of no tenant and a resolver that fails go from the platform's sender", async () => {
    const directory = createSenderDirectory(createLogger('silent'));
    expect(await directory.of('app-1', 'x')).toBeNull();
    let fail = true;
    directory.use(async () => {
      if (fail) throw new Error('database away');
      return verified;
    });
    directory.sendAsPlatform(['payment-auto-failed']);
    expect(await directory.of('app-1', 'payment-auto-failed')).toBeNull();
    expect(await directory.of(null, 'signature-invitation')).toBeNull();
    expect(await directory.of('app-1', 'signature-invitation')).toBeNull();
    // A failure is not remembered: the next mail asks again.
    fail = false;
    expect(await directory.of('app-1', 'signature-invitation')).toBe(verified);
  });

  it('addresses: verified -> own From, DKIM, platform envelope; declared -> platform From, Reply-To; none -> platform', () => {
    const platform = 'Paraphe <no-reply@paraphe.test>';
    expect(addressOf(platform)).toBe('no-reply@paraphe.test');
    expect(addressOf(' bare@paraphe.test ')).toBe('bare@paraphe.test');
    expect(addressing(platform, 'to@x.example', verified)).toEqual({
      from: { name: 'Acme', address: 'contrats@acme.example' },
      dkim: verified.dkim,
      envelope: { from: 'no-reply@paraphe.test', to: 'to@x.example' },
    });
    expect(addressing(platform, 'to@x.example', { ...verified, dkim: null })).toEqual({
      from: platform,
      replyTo: { name: 'Acme', address: 'contrats@acme.example' },
    });
    expect(addressing(platform, 'to@x.example', null)).toEqual({ from: platform });
  });
});
