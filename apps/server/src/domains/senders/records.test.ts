import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dkimStateOf, dmarcStateOf, spfStateOf, tagsOf } from './records.ts';

const keyPair = () => generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey;
const ours = keyPair();
const spki = ours.export({ format: 'der', type: 'spki' }).toString('base64');
const pkcs1 = ours.export({ format: 'der', type: 'pkcs1' }).toString('base64');

describe('reading a sender domain’s TXT records', () => {
  it('DKIM: our key however it is pasted is ok; another key, a revoked or broken p= is a mismatch; none is missing', () => {
    expect(dkimStateOf([`v=DKIM1; k=rsa; p=${spki}`], spki)).toBe('ok');
    expect(dkimStateOf([`"v=DKIM1; k=rsa; " "p=${spki.slice(0, 100)}" "${spki.slice(100)}"`], spki)).toBe('ok');
    expect(dkimStateOf([`k=rsa;p=${spki.slice(0, 50)} ${spki.slice(50)}`], spki)).toBe('ok');
    expect(dkimStateOf([`v=DKIM1; p=${pkcs1}`], spki)).toBe('ok');
    const stranger = keyPair().export({ format: 'der', type: 'spki' }).toString('base64');
    expect(dkimStateOf([`v=DKIM1; k=rsa; p=${stranger}`], spki)).toBe('mismatch');
    expect(dkimStateOf([`v=DKIM1; k=rsa; p=${stranger}`, `v=DKIM1; k=rsa; p=${spki}`], spki)).toBe('ok');
    expect(dkimStateOf(['v=DKIM1; k=rsa; p='], spki)).toBe('mismatch');
    expect(dkimStateOf(['v=DKIM1; p=!!not base64!!'], spki)).toBe('mismatch');
    expect(dkimStateOf([`v=DKIM1; p=${'A'.repeat(5000)}`], spki)).toBe('mismatch');
    expect(dkimStateOf([`v=DKIM2; p=${spki}`], spki)).toBe('mismatch');
    expect(dkimStateOf([], spki)).toBe('missing');
    expect(dkimStateOf(['google-site-verification=abc'], spki)).toBe('missing');
  });

  it('SPF: present, naming the platform include when there is one; DMARC: present', () => {
    expect(spfStateOf([], '_spf.p.test')).toBe('missing');
    expect(spfStateOf(['v=spf1 include:_spf.google.com ~all'], '_spf.p.test')).toBe('without_include');
    expect(spfStateOf(['v=spf1 include:_spf.google.com +include:_SPF.p.test -all'], '_spf.p.test')).toBe('ok');
    expect(spfStateOf(['v=spf1 include:_spf.p.test.evil.example -all'], '_spf.p.test')).toBe('without_include');
    expect(spfStateOf(['v=spf1 -all'], null)).toBe('ok');
    expect(spfStateOf(['v=spf10 include:_spf.p.test'], '_spf.p.test')).toBe('missing');
    expect(dmarcStateOf(['v=DMARC1; p=none'])).toBe('ok');
    expect(dmarcStateOf(['v=DMARC1'])).toBe('ok');
    expect(dmarcStateOf(['v=DMARC10; p=none', 'hello'])).toBe('missing');
  });

  it('tags: first of a name wins, names case-insensitive, quotes dropped', () => {
    expect([...tagsOf('"V=DKIM1; k=rsa" ; p=abc; p=def;junk')]).toEqual([
      ['v', 'DKIM1'],
      ['k', 'rsa'],
      ['p', 'abc'],
    ]);
  });
});
