// One error type for the rules layer; the app's error handler turns it into {"detail": ...}.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : `HTTP ${statusCode}`);
  }
}

export const notFound = (what = 'Not found'): HttpError => new HttpError(404, what);
export const conflict = (detail: string): HttpError => new HttpError(409, detail);
export const forbidden = (detail: string): HttpError => new HttpError(403, detail);

export interface ValidationIssue {
  loc: Array<string | number>;
  msg: string;
  type: string;
}

/** A 422 in the HTTPValidationError shape, for checks a JSON schema cannot express. */
export function validationError(loc: Array<string | number>, msg: string, type = 'value_error'): HttpError {
  const issue: ValidationIssue = { loc, msg, type };
  return new HttpError(422, [issue]);
}

export function unauthorized(detail = 'Not authenticated'): HttpError {
  return new HttpError(401, detail, { 'www-authenticate': 'Bearer' });
}
