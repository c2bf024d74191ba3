import type { FastifyInstance } from 'fastify';
import { checkOffline, sweepConditions } from './readings';
import { checkMissing } from './missing';
import { pollDueBoards } from './poller';
import { acquireLease } from '../../../jobs/runner';
import { escalateAlarms, sweepSuppression } from '../warnings';
import { notifyEscalations } from '../escalation';
import { sweepConfirmations } from './confirmation';
import { PLAN_SWEEP_SECONDS, sweepPlans } from '../pm-plans';
import { sendNotificationMail, sweepDueOrders } from '../assignment';

export interface DeviceJobOptions {
  /** How often the poller looks for boards whose poll period has passed. */
  pollEverySeconds?: number;
  /** How often silent boards are looked for. */
  offlineEverySeconds?: number;
  /** How often boards whose readings begin (or stop) going missing are looked for (missing.ts). */
  missingEverySeconds?: number;
  /** How often conditions under way (an on-delay or off-delay run out with no new reading) are finished (docs/alarms.md). */
  conditionEverySeconds?: number;
  /** How often unacknowledged alarms are checked for escalation. */
  escalateEverySeconds?: number;
  /** How often shelvings and out-of-service units past their end are looked for (warnings/suppression.ts). */
  suppressionEverySeconds?: number;
  /** How often orders awaiting confirmation by their channel's readings are looked at (confirmation.ts). */
  confirmEverySeconds?: number;
  /** How often preventive plans are looked at: due dates come within their lead, meters count on (pm-plans). */
  planEverySeconds?: number;
  /** How often assigned orders whose due time nears are looked for, and the assignees' e-mails sent (assignment/). */
  assignmentEverySeconds?: number;
  /** With several instances, only the one holding this lease polls (the name of this instance). */
  leaseHolder?: string;
}

const LEASE_NAME = 'device-jobs';
const LEASE_MS = 30_000;

/**
 * Starts the board poller, the offline and missing-readings checks, the conditioning, suppression and order-confirmation sweeps and the alarm escalation on timers (main.ts calls this once; tests call the
 * functions directly). A sweep never overlaps the previous one. Returns a stop function for shutdown.
 */
export function startDeviceJobs(app: FastifyInstance, opts: DeviceJobOptions = {}): () => void {
  const every = (seconds: number, run: () => Promise<unknown>, name: string) => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      const mayRun = opts.leaseHolder ? acquireLease(app, opts.leaseHolder, LEASE_MS, LEASE_NAME) : Promise.resolve(true);
      mayRun
        .then((held) => (held ? run() : undefined))
        .catch((err: Error) => app.log.error({ err: err.message }, `${name} failed`))
        .finally(() => {
          busy = false;
        });
    }, seconds * 1000);
    timer.unref();
    return timer;
  };
  const timers = [
    every(opts.pollEverySeconds ?? 2, () => pollDueBoards(app), 'board poll'),
    every(opts.offlineEverySeconds ?? 15, () => checkOffline(app), 'offline check'),
    every(opts.conditionEverySeconds ?? 5, () => sweepConditions(app), 'alarm conditioning sweep'),
    every(opts.missingEverySeconds ?? 15, () => checkMissing(app), 'missing readings check'),
    // Shelvings and out-of-service units past their end come back by themselves; what still stands alarms again.
    every(opts.suppressionEverySeconds ?? 15, () => sweepSuppression(app), 'suppression sweep'),
    // The walls first (re-pop at alarm.escalateMinutes), then the people (alarm.notifyMinutes, e-mail and webhooks).
    // A channel's order reported fixed is completed once the channel has read normal long enough (orders.confirmMinutes).
    every(opts.confirmEverySeconds ?? 30, () => sweepConfirmations(app), 'order confirmation sweep'),
    // Preventive plans open their orders ahead of the due date; a meter's within PLAN_SWEEP_SECONDS of its limit.
    every(opts.planEverySeconds ?? PLAN_SWEEP_SECONDS, () => sweepPlans(app.database.db), 'preventive plan sweep'),
    // An assignee is told once as the due time nears (orders.dueNoticeMinutes); then every notification's e-mail goes out.
    every(opts.assignmentEverySeconds ?? 15, () => sweepDueOrders(app).then(() => sendNotificationMail(app)), 'assignment notification sweep'),
    every(opts.escalateEverySeconds ?? 15, () => escalateAlarms(app).then(() => notifyEscalations(app)), 'alarm escalation'),
  ];
  return () => timers.forEach((t) => clearInterval(t));
}
