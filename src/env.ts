import { ConfigError } from './config-error';

/** The process environment, or a test's stand-in for it. */
export type Env = Record<string, string | undefined>;

/**
 * An integer setting in `min..max`; unset, empty or blank: `fallback`. Anything else stops the
 * process with a message naming the variable (both config.ts and the dispatcher's settings read
 * their integers here, so a value means the same everywhere).
 */
export function envInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer in ${min}..${max}, got "${raw}"`);
  }
  return n;
}
