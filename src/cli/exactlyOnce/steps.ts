// The steps of an application's clean run that a fault can be put on: each request of an
// operation that changes something (catalog safety other than `read`), numbered per operation,
// so that "the second sale" can be faulted on its own in a later run (a chaos rule's `skip`).

import { operationById } from '../../catalog';
import type { ChaosFaultKind } from '../../sandbox/http/chaos';

export interface Step {
  operation: string;
  /** 1 for the operation's first request in the run, 2 for its second… */
  occurrence: number;
}

/** The faults each step is tried with, in this order. */
const STEP_FAULTS = ['lost-answer', '5xx-after-commit', 'timeout-after-commit', 'reset-before'] as const satisfies readonly ChaosFaultKind[];
type StepFault = (typeof STEP_FAULTS)[number];

export interface PlannedRun {
  step: Step;
  fault: StepFault;
}

export const stepName = (step: Step): string => `${step.operation} #${step.occurrence}`;

/** Steps from the clean run's request counts (in the order operations were first seen). */
export function stepsOf(byOperation: Readonly<Record<string, number>>): Step[] {
  const steps: Step[] = [];
  for (const [operation, count] of Object.entries(byOperation)) {
    const op = operationById(operation);
    if (!op || op.safety === 'read') continue;
    for (let occurrence = 1; occurrence <= count; occurrence++) steps.push({ operation, occurrence });
  }
  return steps;
}

/** Every step with every fault, step by step; at most `cap` runs. */
export function planRuns(steps: readonly Step[], cap: number | undefined): PlannedRun[] {
  const all = steps.flatMap(step => STEP_FAULTS.map(fault => ({ step, fault })));
  return cap === undefined ? all : all.slice(0, cap);
}
