export const APP_NAME = 'Marketdesk';
export const APP_VERSION = '0.1.0';
