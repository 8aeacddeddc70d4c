import { Counter, type Registry } from 'prom-client';

/** Intake outcomes for operators: accepted requests (new or replayed) and rejections by reason. */
export interface IntakeMetrics {
  accepted: Counter<'outcome'>;
  rejected: Counter<'reason'>;
  /** Look-ups of a trigger row: a request for a trigger not seen before, or one that changed since. */
  lookups: Counter;
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
    lookups: new Counter({
      name: 'hookgate_trigger_intake_lookups_total',
      help: 'Trigger rows read by intake: for a trigger not seen before, or one that changed since it was seen (requests for a known, unchanged trigger read none)',
      registers: [registry],
    }),
  };
}
