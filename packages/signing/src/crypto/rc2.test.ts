import { describe, expect, it } from 'vitest';
import { rc2DecryptBlock, rc2ExpandKey } from './rc2.ts';

const hex = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text, 'hex'));

describe('RC2 (RFC 2268 §5 test vectors)', () => {
  const vectors: Array<[key: string, bits: number, plain: string, cipher: string]> = [
    ['0000000000000000', 63, '0000000000000000', 'ebb773f993278eff'],
    ['ffffffffffffffff', 64, 'ffffffffffffffff', '278b27e42e2f0d49'],
    ['3000000000000000', 64, '1000000000000001', '30649edf9be7d2c2'],
    ['88', 64, '0000000000000000', '61a8a244adacccf0'],
    ['88bca90e90875a', 64, '0000000000000000', '6ccf4308974c267f'],
    ['88bca90e90875a7f0f79c384627bafb2', 64, '0000000000000000', '1a807d272bbe5db1'],
    ['88bca90e90875a7f0f79c384627bafb2', 128, '0000000000000000', '2269552ab0f85ca6'],
  ];
  it.each(vectors)('key %s, %i effective bits', (key, bits, plain, cipher) => {
    const block = hex(cipher);
    rc2DecryptBlock(rc2ExpandKey(hex(key), bits), block);
    expect(Buffer.from(block).toString('hex')).toBe(plain);
  });
});
