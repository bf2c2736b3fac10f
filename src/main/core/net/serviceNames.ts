/** The remote services Marketdesk talks to, with the names users see in messages. */
export type ServiceName = 'clob' | 'catalog' | 'analytics' | 'perps';

export const serviceLabels: Record<ServiceName, string> = {
  clob: 'order-book service',
  catalog: 'catalog service',
  analytics: 'analytics service',
  perps: 'perpetuals exchange',
};

export type ServiceUrls = Record<ServiceName, string>;
