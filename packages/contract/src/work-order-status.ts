// product §4.5: the installation status shown to the customer, derived from properties.work_order_status.

export const INSTALLATION_STATUS_ORDER_CONFIRMED = 'Order Confirmed';
export const INSTALLATION_STATUS_AWAITING = 'Awaiting Installation';
export const INSTALLATION_STATUS_RESCHEDULE = 'Reschedule Installation [provider initiated]';
export const INSTALLATION_STATUS_DELAYED = 'Delayed Installation Customer or provider related';
export const INSTALLATION_STATUS_INSTALLED = 'Installed';
export const INSTALLATION_STATUS_CANCELLED = 'Cancelled';
/** product §4.5: shown when the order has no properties (or, by extension, no status in them). */
export const INSTALLATION_STATUS_UNKNOWN = 'unknown';

/** product §4.5, row by row: each work order status and the label the customer sees. */
export const INSTALLATION_STATUS_LABELS: ReadonlyMap<string, string> = new Map([
  ['Pending-ForVisit', INSTALLATION_STATUS_ORDER_CONFIRMED],
  ['Open', INSTALLATION_STATUS_ORDER_CONFIRMED],
  ['Pending-OnTheWay', INSTALLATION_STATUS_AWAITING],
  ['Ongoing', INSTALLATION_STATUS_AWAITING],
  ['Ongoing-Unhold', INSTALLATION_STATUS_AWAITING],
  ['Ongoing-Onhold', INSTALLATION_STATUS_AWAITING],
  ['Delayed', INSTALLATION_STATUS_RESCHEDULE],
  ['Delayed-WithVisit', INSTALLATION_STATUS_RESCHEDULE],
  ['Delayed-WithoutVisit', INSTALLATION_STATUS_RESCHEDULE],
  ['Delayed-WithStartActivity', INSTALLATION_STATUS_RESCHEDULE],
  ['Delayed-ForReschedule', INSTALLATION_STATUS_RESCHEDULE],
  ['ForRescue', INSTALLATION_STATUS_RESCHEDULE],
  ['Delayed-ForCancellation', INSTALLATION_STATUS_DELAYED],
  ['Completed', INSTALLATION_STATUS_INSTALLED],
  ['Completed-For Visit', INSTALLATION_STATUS_INSTALLED],
  ['Cancelled', INSTALLATION_STATUS_CANCELLED],
]);

/**
 * The label for an order's installation status: the table's label, the raw value for any other status,
 * and "unknown" when the properties (or the status in them, or its text) are missing.
 */
export function installationStatusLabel(
  properties: { work_order_status?: string | null } | null | undefined,
): string {
  const status = properties?.work_order_status;
  if (status === undefined || status === null || status === '') return INSTALLATION_STATUS_UNKNOWN;
  return INSTALLATION_STATUS_LABELS.get(status) ?? status;
}
