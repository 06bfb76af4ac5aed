// The public API v1's contracts and its OpenAPI document (imported as '@faxline/shared/api-v1': the web app does not need them).
export * from './contacts';
export * from './errors';
export * from './faxes';
export * from './openapi';
export * from './webhooks';
export * from './status';
export * from './samples';
