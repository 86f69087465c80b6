import { describe, expect, it } from 'vitest';
import { createSendGate } from './pacing.ts';
import { classifyFailure } from './transports.ts';

const far = () => Date.now() + 60_000;

describe('send gate', () => {
  it('lets at most `concurrency` messages through, urgent waiters first', async () => {
    const gate = createSendGate({ concurrency: 2 });
    const a = (await gate.acquire({ urgent: false, deadline: far() }))!;
    const b = (await gate.acquire({ urgent: false, deadline: far() }))!;
    const order: string[] = [];
    const normal = gate.acquire({ urgent: false, deadline: far() }).then((release) => (order.push('normal'), release));
    const urgent = gate.acquire({ urgent: true, deadline: far() }).then((release) => (order.push('urgent'), release));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([]);
    a();
    (await urgent)!();
    b();
    (await normal)!();
    expect(order).toEqual(['urgent', 'normal']);
  });

  it('gives up at the deadline instead of waiting past it', async () => {
    const gate = createSendGate({ concurrency: 1 });
    const held = (await gate.acquire({ urgent: false, deadline: far() }))!;
    expect(await gate.acquire({ urgent: false, deadline: Date.now() + 20 })).toBeNull();
    held();
    expect(await gate.acquire({ urgent: false, deadline: far() })).toBeTypeOf('function');
  });

  it('pauses everyone on throttling, longer while it goes on, shorter after successes', async () => {
    let now = 1_000_000;
    const gate = createSendGate({ concurrency: 5, now: () => now });
    gate.slowDown('throttled');
    expect(gate.pausedFor()).toBe(1000);
    gate.slowDown('throttled'); // the same burst: no longer
    expect(gate.pausedFor()).toBe(1000);
    now += 1000;
    gate.slowDown('throttled');
    expect(gate.pausedFor()).toBe(2000);
    now += 2000;
    gate.slowDown('throttled');
    expect(gate.pausedFor()).toBe(4000);
    // A paused gate gives no turn before the pause ends.
    expect(await gate.acquire({ urgent: true, deadline: now + 3000 })).toBeNull();
    now += 4000;
    gate.succeeded();
    gate.slowDown('throttled');
    expect(gate.pausedFor()).toBe(4000); // halved by the success, doubled by this answer
    now += 60_000 + 4000;
    gate.slowDown('unreachable');
    expect(gate.pausedFor()).toBe(1000);
  });

  it('spaces messages by the rate', async () => {
    let now = 0;
    const gate = createSendGate({ concurrency: 10, ratePerSecond: 2, now: () => now });
    (await gate.acquire({ urgent: false, deadline: 10_000 }))!();
    // The next turn is 500 ms later: not before.
    expect(await gate.acquire({ urgent: false, deadline: 100 })).toBeNull();
    now = 500;
    expect(await gate.acquire({ urgent: false, deadline: 600 })).toBeTypeOf('function');
  });
});

describe('delivery failures', () => {
  it('tells throttling, permanent refusals, unreachable servers and the rest apart', () => {
    expect(classifyFailure(Object.assign(new Error('x'), { responseCode: 421, code: 'EENVELOPE' }))).toBe('throttled');
    expect(classifyFailure(Object.assign(new Error('x'), { responseCode: 452, code: 'EENVELOPE' }))).toBe('throttled');
    expect(classifyFailure(Object.assign(new Error('x'), { status: 429 }))).toBe('throttled');
    expect(classifyFailure(Object.assign(new Error('x'), { responseCode: 550, code: 'EENVELOPE' }))).toBe('permanent');
    expect(classifyFailure(Object.assign(new Error('x'), { responseCode: 554, code: 'EMESSAGE' }))).toBe('permanent');
    expect(classifyFailure(Object.assign(new Error('x'), { responseCode: 535, code: 'EAUTH' }))).toBe('transient');
    expect(classifyFailure(Object.assign(new Error('x'), { code: 'ESOCKET', cause: { code: 'ECONNREFUSED' } }))).toBe('unreachable');
    expect(classifyFailure(Object.assign(new Error('x'), { responseCode: 454, code: 'EENVELOPE' }))).toBe('transient');
    expect(classifyFailure(new Error('SMS gateway answered 500'))).toBe('transient');
  });
});
