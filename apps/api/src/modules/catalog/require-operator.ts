import { DomainError } from '../../platform/domain-error';

/**
 * spec §7.1: catalogue, pricing and referral calls name the operator (`operator_name`, the fixed
 * operator identifier, ARCHITECTURE §3). Konek serves one operator; naming another is a client bug,
 * answered like add_account answers one (ADR 007).
 */
export function requireOperator(operatorName: string | undefined, configured: string): void {
  if (operatorName === undefined || operatorName === configured) return;
  throw new DomainError(
    'common',
    'VALIDATION_FAILED',
    { field: 'operator_name' },
    `operator_name: the operator here is "${configured}".`,
  );
}
