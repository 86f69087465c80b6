import type { RequestTemplateInput } from '@paraphe/contracts';
import type { TestClient, TestContext } from './harness.ts';
import { multipartBody, type Part } from './signatures.ts';

/** A template's definition: an employee to name at each use, an HR director prefilled, an accountant observing. */
export const templateDefinition = (extra: Partial<RequestTemplateInput> = {}): RequestTemplateInput => ({
  name: 'Employment contract',
  visibility: 'private',
  requestLabel: 'Contract to sign',
  roles: [
    { name: 'Employee', role: 'signer' },
    { name: 'HR director', role: 'signer', prefill: { firstname: 'Hélène', lastname: 'Directrice', emailAddress: 'hr@example.com' } },
    { name: 'Accountant', role: 'observer' },
  ],
  documents: [
    {
      fileName: 'contract.pdf',
      title: 'Contract',
      signatureFields: [
        { signerIndex: 0, page: 1, x: 100, y: 100 },
        { signerIndex: 1, page: 2, x: 300, y: 100 },
      ],
    },
  ],
  ...extra,
});

/** Saves a template as the web editor does (multipart: the `template` JSON part and the files): POST, or PUT with `id`. */
export async function templateForm(t: TestContext, client: TestClient, input: unknown, files: { fileName: string; data: Uint8Array }[], id?: string) {
  const parts: Part[] = [
    { name: 'template', value: typeof input === 'string' ? input : JSON.stringify(input) },
    ...files.map((f) => ({ name: 'files', fileName: f.fileName, contentType: 'application/pdf', data: f.data })),
  ];
  const { payload, headers } = multipartBody(parts);
  return t.request({
    method: id ? 'PUT' : 'POST',
    url: id ? `/api/request-templates/${id}` : '/api/request-templates',
    token: await client.token('history'),
    body: payload,
    headers,
  });
}
