/** The one error type of the SPA's data layer: every failed request becomes an ApiError. */
import type { ValidationError } from '@contract/schemas/error';

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'unknown-outcome';

export interface ApiErrorInit {
  status: number;
  kind: ApiErrorKind;
  fieldErrors?: ValidationError[];
  requestId?: string;
  retryAfterSeconds?: number;
  headers?: Headers;
}

export class ApiError extends Error {
  /** 0 when no response arrived. */
  readonly status: number;
  readonly kind: ApiErrorKind;
  readonly fieldErrors: ValidationError[];
  readonly requestId?: string;
  readonly retryAfterSeconds?: number;
  readonly headers?: Headers;

  constructor(message: string, init: ApiErrorInit) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.kind = init.kind;
    this.fieldErrors = init.fieldErrors ?? [];
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.headers = init.headers;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** The field error for a form field (`name`, `recipients[3].phone`), if the server sent one. */
export function fieldError(error: unknown, field: string): string | undefined {
  return isApiError(error) ? error.fieldErrors.find((f) => f.field === field)?.message : undefined;
}

/** A sentence for a person: the server's message for 4xx, what to do for the rest. */
export function errorMessage(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error && error.message ? error.message : 'Something went wrong. Try again.';
  switch (error.kind) {
    case 'network':
      return 'Switchboard could not be reached. Check your connection and try again.';
    case 'timeout':
      return 'The request took too long. Try again.';
    case 'unknown-outcome':
      return `${error.message} It may or may not have been applied: check before trying again.`;
    default:
      return error.message || `The request failed (${error.status}).`;
  }
}
