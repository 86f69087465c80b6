import { describe, expect, it } from 'vitest';
import { eventOf } from './embed.ts';

describe('@paraphe/embed', () => {
  const frameWindow = {};
  const frame = { origin: 'https://sign.example.com', window: frameWindow };
  const message = (data: unknown, origin = frame.origin, source: unknown = frameWindow) => ({ data, origin, source });

  it('hands over the events of its own frame only', () => {
    expect(eventOf(message({ source: 'paraphe', type: 'signed', outcome: 'signed' }), frame)).toEqual({ source: 'paraphe', type: 'signed', outcome: 'signed' });
    // Another origin, another window (a second frame of the same server), not ours, unknown type.
    expect(eventOf(message({ source: 'paraphe', type: 'signed' }, 'https://evil.example.com'), frame)).toBeNull();
    expect(eventOf(message({ source: 'paraphe', type: 'signed' }, frame.origin, {}), frame)).toBeNull();
    expect(eventOf(message({ type: 'signed' }), frame)).toBeNull();
    expect(eventOf(message({ source: 'paraphe', type: 'hacked' }), frame)).toBeNull();
    expect(eventOf(message('signed'), frame)).toBeNull();
  });

  it("the editor's frame: its own event types only", () => {
    const editorTypes = ['loaded', 'saved', 'sent', 'error', 'resized'];
    expect(eventOf(message({ source: 'paraphe', type: 'sent', requestId: 'r1' }), frame, editorTypes)).toEqual({
      source: 'paraphe',
      type: 'sent',
      requestId: 'r1',
    });
    expect(eventOf(message({ source: 'paraphe', type: 'signed' }), frame, editorTypes)).toBeNull();
    expect(eventOf(message({ source: 'paraphe', type: 'sent' }, 'https://evil.example.com'), frame, editorTypes)).toBeNull();
    // The signing frame does not take the editor's events.
    expect(eventOf(message({ source: 'paraphe', type: 'sent' }), frame)).toBeNull();
  });
});
