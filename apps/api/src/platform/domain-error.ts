import { ERRORS, type ErrorModule, type ErrorName } from '@konek/contract/errors';

/**
 * The one error type services throw. It names a catalogue entry (product §8); only the HTTP layer turns it
 * into a reply, with the entry's status, code and user message.
 */
export class DomainError<M extends ErrorModule = ErrorModule> extends Error {
  readonly module: M;
  readonly errorName: ErrorName<M>;
  readonly code: number;
  readonly status: number;
  /** Extra fields the reply carries next to the envelope (e.g. the failing field). */
  readonly details: Record<string, unknown>;

  constructor(
    module: M,
    errorName: ErrorName<M>,
    details: Record<string, unknown> = {},
    userMessage?: string,
  ) {
    const catalogue: Record<string, { code: number; status: number; message: string }> =
      ERRORS[module];
    const definition = catalogue[errorName]!;
    super(userMessage ?? definition.message);
    this.name = 'DomainError';
    this.module = module;
    this.errorName = errorName;
    this.code = definition.code;
    this.status = definition.status;
    this.details = details;
  }
}

/** True when `error` is the catalogue's `module`/`name` (a refusal a caller answers in its own way). */
export function isDomainError<M extends ErrorModule>(
  error: unknown,
  module: M,
  name: ErrorName<M>,
): error is DomainError<M> {
  return error instanceof DomainError && error.module === module && error.errorName === name;
}
