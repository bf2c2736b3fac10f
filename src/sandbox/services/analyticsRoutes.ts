/** Analytics data service (`/v2`): only health for now; later issues add the data routes. */
import { ok } from '../http/reply';
import { Router } from '../http/router';

export function analyticsRouter(): Router {
  return new Router().on('GET', '/v2/health', () => ok({ data: { status: 'ok' } }));
}
