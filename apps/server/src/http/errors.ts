/**
 * Errors that leave the server as `{ success:false, error:{ code, message }, requestId }`.
 *
 * Modules throw `AppError` with a stable code; `toErrorBody` maps any thrown value to a status and
 * body, and never exposes a stack trace or an internal message for a 5xx.
 */
import type { ErrorBody } from '@vela/contracts/common';
import { type ErrorCode, isErrorCode } from '@vela/contracts/error-codes';
import type { z } from 'zod';

export class AppError extends Error {
  constructor(
    /** One of the codes of packages/contracts error-codes.ts: the clients have a text for each. */
    readonly code: ErrorCode,
    message: string,
    readonly statusCode = 400,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The message of every 5xx: internals stay in the log. */
export const INTERNAL_ERROR_MESSAGE = 'An internal error occurred. Quote the request id when reporting it.';

const CODES_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

export interface MappedError {
  statusCode: number;
  body: ErrorBody;
  /** True when the error is the server's fault and must be logged with its stack. */
  internal: boolean;
}

/** Map anything thrown in a handler (AppError, Fastify errors, bugs) to an HTTP answer. */
export function toErrorBody(error: unknown, requestId: string): MappedError {
  if (error instanceof AppError) {
    return {
      statusCode: error.statusCode,
      body: { success: false, error: { code: error.code, message: error.message }, requestId },
      internal: error.statusCode >= 500,
    };
  }
  const statusCode = statusOf(error);
  if (statusCode >= 400 && statusCode < 500) {
    const message = error instanceof Error && error.message ? error.message : 'Bad request';
    return {
      statusCode,
      body: {
        success: false,
        error: { code: CODES_BY_STATUS[statusCode] ?? 'BAD_REQUEST', message },
        requestId,
      },
      internal: false,
    };
  }
  return {
    statusCode: 500,
    body: { success: false, error: { code: 'INTERNAL_ERROR', message: INTERNAL_ERROR_MESSAGE }, requestId },
    internal: true,
  };
}

function statusOf(error: unknown): number {
  if (typeof error === 'object' && error !== null && 'statusCode' in error) {
    const status = (error as { statusCode: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 600) return status;
  }
  return 500;
}

/** A readable one-line summary of zod issues: `eventContext: Too small ...; eventData: ...`. */
export function formatZodIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const where = issue.path.length > 0 ? issue.path.join('.') : 'body';
      return `${where}: ${issue.message}`;
    })
    .join('; ');
}

/**
 * The code a declared schema gives its refusal (`codedIssue` of @vela/contracts/endpoint: pro
 * search's INVALID_ZIP), read from the first issue; VALIDATION_ERROR otherwise.
 */
function refusalCode(error: z.ZodError): ErrorCode {
  const first = error.issues[0];
  const code: unknown = first?.code === 'custom' ? first.params?.errorCode : undefined;
  return typeof code === 'string' && isErrorCode(code) ? code : 'VALIDATION_ERROR';
}

/**
 * Validate input at the edge: the parsed value, or a 400 VALIDATION_ERROR naming the fields (or
 * the code the schema names for its refusal).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new AppError(refusalCode(result.error), formatZodIssues(result.error), 400);
  return result.data;
}
