import { CODE } from '@shared/constants';
import type { MessageKey, MessageParam } from '@shared/messages';

/**
 * A failure the caller should see: an envelope code, a message key of the shared catalogue
 * (translated by the error handler) and, for bad input, the message key per field.
 */
export class ApiError extends Error {
  constructor(
    public readonly code: number,
    public readonly messageKey: MessageKey | string,
    public readonly fields?: Record<string, MessageKey | string>,
    /** Values for the message's `{name}` placeholders (translateWith). */
    public readonly params?: Record<string, MessageParam>,
  ) {
    super(messageKey);
  }
}

export const badRequest = (key: MessageKey | string = 'err.badRequest', fields?: Record<string, string>) =>
  new ApiError(CODE.badRequest, key, fields);
export const unauthorized = () => new ApiError(CODE.unauthorized, 'err.unauthorized');
export const forbidden = (key: MessageKey = 'err.forbidden') => new ApiError(CODE.forbidden, key);
export const notFound = () => new ApiError(CODE.notFound, 'err.notFound');
export const conflict = (key: MessageKey | string = 'err.conflict', fields?: Record<string, string>, params?: Record<string, MessageParam>) =>
  new ApiError(CODE.conflict, key, fields, params);

/** Zod issues found while validating one part of a request (body, query, params). */
export class RequestValidationError extends Error {
  constructor(
    public readonly part: string,
    public readonly issues: ReadonlyArray<{ code: string; path: PropertyKey[]; message: string; keys?: string[] } & Record<string, unknown>>,
  ) {
    super('validation failed');
  }
}
