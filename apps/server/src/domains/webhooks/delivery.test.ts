import { describe, expect, it } from 'vitest';
import { retryDelayAfter, retryDelaysSeconds } from './delivery.ts';
import { signatureHeader, signatureOf } from './signatures.ts';

describe('webhook signatures', () => {
  it('match the Standard Webhooks reference vector', () => {
    const signature = signatureOf('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}');
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });
  it('lists one signature per secret, space separated', () => {
    expect(signatureHeader(['whsec_AAAA', 'whsec_BBBB'], 'id', 1, '{}').split(' ')).toHaveLength(2);
  });
});

describe('webhook retry schedule', () => {
  it('spans at least 72 hours whatever the jitter, then stops', () => {
    const total = (random: () => number) => retryDelaysSeconds.reduce((sum, _delay, i) => sum + retryDelayAfter(i + 1, random)!, 0);
    expect(total(() => 0)).toBeGreaterThanOrEqual(72 * 3600);
    expect(total(() => 1)).toBeLessThanOrEqual(72 * 3600 * 1.2);
    expect(retryDelayAfter(1, () => 0)).toBe(5);
    expect(retryDelayAfter(retryDelaysSeconds.length + 1)).toBeUndefined();
  });
});
