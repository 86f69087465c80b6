import type { FormErrors } from '@mantine/form';

/** The origins allowed to frame the signing page, one a line in the Parameters form (docs/embedding.md). */
export const originsText = (origins: readonly string[]) => origins.join('\n');

export const originsOfText = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/**
 * The errors of the list (`embedOrigins`) and of its lines (`embedOrigins.<index>`, from the contract or the
 * server) as one message under the field, each naming its line.
 */
export function originsError(errors: FormErrors, lineMessage: (line: number, message: string) => string): string | undefined {
  const messages = Object.entries(errors).flatMap(([path, message]) => {
    if (!message) return [];
    if (path === 'embedOrigins') return [String(message)];
    const index = /^embedOrigins\.(\d+)$/.exec(path)?.[1];
    return index === undefined ? [] : [lineMessage(Number(index) + 1, String(message))];
  });
  return messages.length > 0 ? messages.join(' ') : undefined;
}
