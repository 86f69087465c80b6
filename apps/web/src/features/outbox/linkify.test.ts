import { describe, expect, it } from 'vitest';
import { frameDocument, linkify } from './linkify.ts';

describe('outbox links', () => {
  it('splits text around http(s) links and leaves the final full stop out of the link', () => {
    expect(linkify('Confirm: http://localhost:3000/#/confirm?token=abc123. Thanks')).toEqual([
      { kind: 'text', value: 'Confirm: ' },
      { kind: 'link', value: 'http://localhost:3000/#/confirm?token=abc123' },
      { kind: 'text', value: '. Thanks' },
    ]);
  });
  it('keeps a text without links whole', () => {
    expect(linkify('Your code is 123456')).toEqual([{ kind: 'text', value: 'Your code is 123456' }]);
  });
  it('makes the frame open links in the top window', () => {
    expect(frameDocument('<a href="x">x</a>')).toContain('<base target="_top">');
  });
});
