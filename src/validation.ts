import type { FieldError } from './errors';
import { validationError } from './errors';

/** A UUID in its canonical text form, any case: ids in URLs and queries are checked with it before a lookup. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Small field readers shared by the services. Each reads one field of an untrusted object,
 * records a field error instead of throwing, and returns undefined when the field is absent.
 */
export class FieldReader {
  readonly errors: FieldError[] = [];

  constructor(private readonly body: Record<string, unknown>) {}

  static of(body: unknown): FieldReader {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw validationError([{ field: 'body', message: 'must be a JSON object' }]);
    }
    return new FieldReader(body as Record<string, unknown>);
  }

  has(field: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.body, field) && this.body[field] !== undefined;
  }

  raw(field: string): unknown {
    return this.has(field) ? this.body[field] : undefined;
  }

  fail(field: string, message: string): undefined {
    this.errors.push({ field, message });
    return undefined;
  }

  string(
    field: string,
    opts: {
      required?: boolean;
      max?: number;
      min?: number;
      pattern?: RegExp;
      patternText?: string;
      nullable?: boolean;
    } = {},
  ): string | null | undefined {
    if (!this.has(field)) return opts.required ? this.fail(field, 'is required') : undefined;
    const v = this.body[field];
    if (v === null) return opts.nullable ? null : this.fail(field, opts.required ? 'is required' : 'must not be null');
    if (typeof v !== 'string') return this.fail(field, 'must be a string');
    if (v.includes('\0')) return this.fail(field, 'must not contain NUL characters');
    const s = v.trim();
    if ((opts.min ?? (opts.required ? 1 : 0)) > s.length)
      return this.fail(field, opts.required ? 'must not be empty' : `must be at least ${opts.min} characters`);
    if (opts.max !== undefined && s.length > opts.max)
      return this.fail(field, `must be at most ${opts.max} characters`);
    if (opts.pattern && !opts.pattern.test(s))
      return this.fail(field, opts.patternText ?? `must match ${opts.pattern.source}`);
    return s;
  }

  integer(field: string, opts: { min?: number; max?: number; required?: boolean } = {}): number | undefined {
    if (!this.has(field)) return opts.required ? this.fail(field, 'is required') : undefined;
    const v = this.body[field];
    if (typeof v !== 'number' || !Number.isInteger(v)) return this.fail(field, 'must be an integer');
    if (opts.min !== undefined && v < opts.min) return this.fail(field, `must be at least ${opts.min}`);
    if (opts.max !== undefined && v > opts.max) return this.fail(field, `must be at most ${opts.max}`);
    return v;
  }

  number(field: string, opts: { min?: number; max?: number } = {}): number | undefined {
    if (!this.has(field)) return undefined;
    const v = this.body[field];
    if (typeof v !== 'number' || !Number.isFinite(v)) return this.fail(field, 'must be a number');
    if (opts.min !== undefined && v < opts.min) return this.fail(field, `must be at least ${opts.min}`);
    if (opts.max !== undefined && v > opts.max) return this.fail(field, `must be at most ${opts.max}`);
    return v;
  }

  boolean(field: string): boolean | undefined {
    if (!this.has(field)) return undefined;
    const v = this.body[field];
    if (typeof v !== 'boolean') return this.fail(field, 'must be a boolean');
    return v;
  }

  /** Throws VALIDATION_FAILED with every collected field error, if any. */
  done(): void {
    if (this.errors.length) throw validationError(this.errors);
  }
}

/** Parses a positive decimal integer from a query-string value. */
export function parseQueryInt(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value !== 'string' || !/^-?\d{1,9}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

/** An HTTP header name: a token of RFC 9110 §5.6.2 (configured headers, intake's header settings, deliveries). */
export const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
