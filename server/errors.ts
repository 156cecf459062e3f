// Every error answer is the contract's Error: { message, statusCode, details? } (openapi.yaml, Errors).
export interface FieldProblem {
  field: string;
  message: string;
}

export class HttpError extends Error {
  readonly statusCode: number;
  readonly details: FieldProblem[] | undefined;
  constructor(statusCode: number, message: string, details?: FieldProblem[]) {
    super(message);
    this.statusCode = statusCode;
    this.details = details;
  }
}

/** openapi.yaml, Authentication: the body of every 401 of a secured call. */
export const SESSION_EXPIRED = "Session Expired";
export const INVALID_TOKEN = "Invalid or expired token";
export const INVALID_CREDENTIALS = "Invalid e-mail or password";
export const UNKNOWN_STAFF = "This account has no access to Recall Desk";
export const ADMIN_ONLY = "This call is for administrators only.";
