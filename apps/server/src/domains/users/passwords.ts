import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';

/** Passwords: argon2id (prebuilt N-API). */
export const hashPassword = (password: string): Promise<string> => argonHash(password);

/** A real argon2id hash of nothing anyone knows: checking it costs what checking a real password costs. */
const dummyHash = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$ZcTV1m3rEUO3aBXHsvT9F8FPlrKhPh7zmWyYqKfvlS8';

/** Same work whether the account exists or not: no account enumeration by timing. */
export async function passwordMatches(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  const valid = await argonVerify(passwordHash ?? dummyHash, password).catch(() => false);
  return Boolean(passwordHash) && valid;
}
