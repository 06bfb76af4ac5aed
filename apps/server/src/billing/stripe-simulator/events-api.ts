import { pageOf } from './list';
import * as param from './params';
import { route, type ApiRoute } from './router';

/** Events: `/v1/events`. `type` may end in `*` (`invoice.*`), as on Stripe. */
export const eventRoutes: ApiRoute[] = [
  route('GET', '/v1/events/:id', ({ store, path }) => store.events.find(path.id!)),
  route('GET', '/v1/events', ({ store, params }) => {
    const type = param.optionalString(params, 'type');
    const types = param.optionalStringArray(params, 'types');
    const matches = (pattern: string, eventType: string) =>
      pattern.endsWith('*') ? eventType.startsWith(pattern.slice(0, -1)) : pattern === eventType;
    const events = store.events
      .all()
      .filter((event) => type === undefined || matches(type, event.type))
      .filter((event) => !types || types.includes(event.type));
    return pageOf(events, params, '/v1/events');
  }),
];
