import { signerDisplayName, type RelaunchSummary } from '@paraphe/contracts';
import { ApiError } from '../../shared/api/apiError.ts';
import { ApiErrorWithDetails } from './errorMessages.ts';

type NamedSigner = { id: string; firstname: string; lastname: string };

/** A waiting signer the relaunch left out (reminded within the cool-down), and when a reminder is possible again. */
export type SkippedSigner = { name: string; availableAt: string };

/**
 * Who the relaunch skipped, by name (the answer's signers; an unknown id is shown as `#n`), soonest first.
 * Empty when everybody waiting was reminded.
 */
export function skippedSigners(summary: RelaunchSummary | undefined, signers: readonly NamedSigner[]): SkippedSigner[] {
  return (summary?.skipped ?? [])
    .map((skip, i) => {
      const signer = signers.find((s) => s.id === skip.signerId);
      return { name: signer ? signerDisplayName(signer) : `#${i + 1}`, availableAt: skip.availableAt };
    })
    .sort((a, b) => Date.parse(a.availableAt) - Date.parse(b.availableAt));
}

/** RELAUNCH_TOO_SOON (429): when the first waiting signer can be reminded again (`details.availableAt`), if told. */
export function relaunchTooSoon(error: unknown): { availableAt: string | null } | undefined {
  if (!(error instanceof ApiError) || error.code !== 'RELAUNCH_TOO_SOON') return undefined;
  const at = error instanceof ApiErrorWithDetails ? error.details.availableAt : undefined;
  return { availableAt: typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? at : null };
}
