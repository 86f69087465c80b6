import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DnsLookupError, dnsRecordsFor, normalizeHostName } from './dns-records.ts';

describe('dns records', () => {
  it('normalizes host names to their lower-case ASCII form and refuses what is not one', () => {
    expect(normalizeHostName(' Sign.Example.COM. ')).toBe('sign.example.com');
    expect(normalizeHostName('sign.münchen.de')).toBe('sign.xn--mnchen-3ya.de');
    for (const bad of ['', 'localhost', 'a..b', '-a.example.com', 'a-.example.com', '10.0.0.1', 'a b.com', 'x'.repeat(64) + '.com', 'ex_ample.com']) {
      expect(normalizeHostName(bad), bad).toBeNull();
    }
  });

  it('reads the stub file at every lookup: records published while the server runs are seen', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dns-')), 'zone.json');
    const records = dnsRecordsFor({ dnsStubFile: file });
    expect(await records.txt('_paraphe.sign.example.com')).toEqual([]);
    fs.writeFileSync(file, JSON.stringify({ '_paraphe.sign.example.com': { TXT: ['token=1'] }, 'sign.example.com': { CNAME: ['App.Example.NET.'] } }));
    expect(await records.txt('_paraphe.sign.example.com.')).toEqual(['token=1']);
    expect(await records.cname('SIGN.example.com')).toEqual(['app.example.net']);
    fs.writeFileSync(file, '{not json');
    await expect(records.txt('x.example.com')).rejects.toBeInstanceOf(DnsLookupError);
  });
});
