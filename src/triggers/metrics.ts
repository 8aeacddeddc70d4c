import { Counter, type Registry } from 'prom-client';

/** Intake outcomes for operators: accepted requests (new or replayed) and rejections by reason. */
export interface IntakeMetrics {
  accepted: Counter<'outcome'>;
  rejected: Counter<'reason'>;
}

export function createIntakeMetrics(registry: Registry): IntakeMetrics {
  return {
    accepted: new Counter({
      name: 'hookgate_trigger_intake_accepted_total',
      help: 'Trigger intake requests answered 202, by outcome: stored (a new event) or replay (an accepted signed request repeated)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    rejected: new Counter({
      name: 'hookgate_trigger_intake_rejected_total',
      help: 'Trigger intake requests not accepted, by reason (the error code answered)',
      labelNames: ['reason'],
      registers: [registry],
    }),
  };
}
