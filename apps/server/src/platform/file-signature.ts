/** PDF, JPEG or PNG, recognised by their first bytes (never by the name or the announced type); null otherwise. */
export function documentOrImageType(data: Uint8Array): 'application/pdf' | 'image/jpeg' | 'image/png' | null {
  const head = Buffer.from(data.subarray(0, 8));
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return null;
}
