/**
 * The outbox statements other modules run: the dispatcher's claim → settle cycle, its hints and
 * metrics, and the retention clean-up. Only this module reaches into sql/; its callers come here.
 */
export { claimControlledRecords } from './sql/claim-controlled-records';
export { claimDueRecords, type ClaimedRecord } from './sql/claim-due-records';
export { countDueBacklog } from './sql/count-due-backlog';
export { deleteFinishedRecords } from './sql/delete-finished-records';
export { deleteOldHealthMinutes } from './sql/delete-old-health-minutes';
export { extendLeases } from './sql/extend-leases';
export { OUTBOX_CHANNEL } from './sql/fragments';
export { settleWithNotices } from './operational';
export { listDueTenants } from './sql/list-due-tenants';
export { listOpenCircuits } from './sql/list-open-circuits';
export { pullTenantHint } from './sql/pull-tenant-hint';
export { recordCircuitOutcomes, type CircuitOutcome } from './sql/record-circuit-outcomes';
export { releaseClaims } from './sql/release-claims';
export { rescueExpiredLeases } from './sql/rescue-expired-leases';
export { retireTenant } from './sql/retire-tenant';
export { type Settlement } from './sql/settle-batch';
export { tenantOutbox, type TenantOutbox } from './sql/tenant-outbox';
