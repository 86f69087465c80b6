import { useQuery, useQueryClient } from '@tanstack/react-query';
import { timestampEndpoints, verificationEndpoints, type FileTimestamp, type TimestampOutput } from '@paraphe/contracts';
import { callEndpoint, downloadEndpoint, postFormEndpoint } from '../../shared/api/endpoints.ts';

const key = ['timestamps'] as const;
export const historyPageSize = 20;

export function useTimestampHistory(offset: number) {
  return useQuery({
    queryKey: [...key, 'list', offset],
    queryFn: ({ signal }) => callEndpoint(timestampEndpoints.list, { query: { limit: historyPageSize, offset }, signal }),
    placeholderData: (previous) => previous,
  });
}

/** Time-stamps a file (part `file`); the receipt of a detached token is written in `language`. */
export function useStampFile() {
  const client = useQueryClient();
  return async (file: File, language: string): Promise<FileTimestamp> => {
    const form = new FormData();
    form.append('language', language === 'fr' ? 'fr' : 'en');
    form.append('file', file, file.name);
    const created = (await postFormEndpoint(timestampEndpoints.create, undefined, form)).data;
    await client.invalidateQueries({ queryKey: key });
    return created;
  };
}

/** Verifies a file (and its detached token): with an account, or on the public page (no session, nothing stored). */
export async function verifyFile(file: File, token: File | null, publicPage: boolean) {
  const form = new FormData();
  form.append('file', file, file.name);
  if (token) form.append('token', token, token.name);
  return (await postFormEndpoint(publicPage ? verificationEndpoints.verify : timestampEndpoints.verify, undefined, form)).data;
}

export const outputFileName = (stamp: FileTimestamp, output: TimestampOutput) =>
  output === 'token' ? `${stamp.fileName}.tsr` : `${stamp.fileName.replace(/\.[^.]*$/, '')}-${output === 'pdf' ? 'timestamped' : 'receipt'}.pdf`;

export const downloadOutput = (stamp: FileTimestamp, output: TimestampOutput) =>
  downloadEndpoint(timestampEndpoints.download, { params: { id: stamp.id, output } }, outputFileName(stamp, output));
