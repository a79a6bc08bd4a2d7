import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the library's defaults, which are the OWASP minimum (19 MiB, 2 passes, 1 lane);
 * a test pins them, as the options' enum cannot be imported under verbatimModuleSyntax.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A missing hash (an anonymised account) verifies nothing. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, verified against when the e-mail address is unknown, so a failed
 * login takes as long for an unknown address as for a wrong password (no account enumeration).
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(crypto.randomUUID());
  return decoyHash;
}
