import { invalidParam } from './errors';
import { pageOf } from './list';
import * as param from './params';
import type { Interval } from './periods';
import { route, type ApiRoute } from './router';
import { releaseSchedule, replacePhases, scheduleFromSubscription, type PhaseInput } from './schedules';
import type { Store } from './store';

const END_BEHAVIORS = ['release', 'cancel'] as const;
const INTERVALS: readonly Interval[] = ['day', 'week', 'month', 'year'];

function phaseInput(store: Store, phase: param.Params, index: number): PhaseInput {
  const name = `phases[${index}]`;
  const items = param.optionalObjectArray(phase, 'items', `${name}[items]`);
  if (!items || items.length === 0) throw invalidParam(`${name}[items]`, 'Each phase needs its items.');
  if (items.length > 1) throw invalidParam(`${name}[items]`, 'The Stripe simulator keeps one item per phase.');
  const item = items[0]!;
  const duration = param.optionalObject(phase, 'duration', `${name}[duration]`);
  return {
    price: store.prices.find(param.requiredString(item, 'price', `${name}[items][0][price]`), `${name}[items][0][price]`),
    quantity: param.optionalInteger(item, 'quantity', `${name}[items][0][quantity]`) ?? 1,
    startDate: param.optionalInteger(phase, 'start_date', `${name}[start_date]`),
    endDate: param.optionalInteger(phase, 'end_date', `${name}[end_date]`),
    duration: duration
      ? {
          interval: param.oneOf(
            param.requiredString(duration, 'interval', `${name}[duration][interval]`),
            INTERVALS,
            `${name}[duration][interval]`,
          )!,
          count: param.optionalInteger(duration, 'interval_count', `${name}[duration][interval_count]`) ?? 1,
        }
      : undefined,
  };
}

/** Subscription schedules made from a subscription, to change its price at a later period: `/v1/subscription_schedules`. */
export const scheduleRoutes: ApiRoute[] = [
  route('POST', '/v1/subscription_schedules', ({ store, params }) => {
    param.rejectUnknownParams(params, ['from_subscription', 'metadata']);
    const subscription = store.subscriptions.find(param.requiredString(params, 'from_subscription'), 'from_subscription');
    return scheduleFromSubscription(store, subscription, param.mergedMetadata({}, params));
  }),
  route('GET', '/v1/subscription_schedules/:id', ({ store, path }) => store.subscriptionSchedules.find(path.id!)),
  route('POST', '/v1/subscription_schedules/:id', ({ store, params, path }) => {
    param.rejectUnknownParams(params, ['phases', 'end_behavior', 'proration_behavior', 'metadata']);
    const schedule = store.subscriptionSchedules.find(path.id!);
    const endBehavior = param.oneOf(param.optionalString(params, 'end_behavior'), END_BEHAVIORS, 'end_behavior');
    const phases = param.optionalObjectArray(params, 'phases');
    if (params.metadata !== undefined) schedule.metadata = param.mergedMetadata(schedule.metadata ?? {}, params);
    if (!phases) {
      if (endBehavior) schedule.end_behavior = endBehavior;
      return schedule;
    }
    return replacePhases(
      store,
      schedule,
      phases.map((phase, index) => phaseInput(store, phase, index)),
      endBehavior,
    );
  }),
  route('POST', '/v1/subscription_schedules/:id/release', ({ store, params, path }) => {
    param.rejectUnknownParams(params, ['preserve_cancel_date']);
    return releaseSchedule(store, store.subscriptionSchedules.find(path.id!));
  }),
  route('GET', '/v1/subscription_schedules', ({ store, params }) => {
    const customer = param.optionalString(params, 'customer');
    const schedules = store.subscriptionSchedules.all().filter((schedule) => customer === undefined || schedule.customer === customer);
    return pageOf(schedules, params, '/v1/subscription_schedules');
  }),
];
