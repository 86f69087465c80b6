export const codeTtlMinutes = 10;
export const maxCodeAttempts = 5;
export const codeResendCooldownSeconds = 60;

/** Second-factor codes are the platform's one-time codes, bound to the session (a code hash is useless elsewhere). */
export { newOneTimeCode as newSecondFactorCode, hashOneTimeCode as hashCode, oneTimeCodeMatches as codeMatches } from '../../platform/one-time-codes.ts';

export { maskEmail, maskPhone } from '../../platform/text/mask.ts';
