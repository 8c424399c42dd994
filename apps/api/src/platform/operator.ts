import { DomainError } from './domain-error';

/**
 * product §7.1: the calls that name the operator (`operator_name`, add_account's provider_id, the fixed
 * operator identifier of docs/architecture.md) must name the configured one. Konek serves one operator;
 * naming another is a client bug, answered as a validation failure of that field (ADR 007). Absent
 * means the call's form does not name it.
 */
export function requireOperator(
  named: string | undefined,
  configured: string,
  field = 'operator_name',
): void {
  if (named === undefined || named === configured) return;
  throw new DomainError(
    'common',
    'VALIDATION_FAILED',
    { field },
    `${field}: the operator here is "${configured}".`,
  );
}
