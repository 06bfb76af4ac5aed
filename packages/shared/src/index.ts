export * from './constants';
export * from './phone';
export * from './contracts/auth';
export * from './contracts/contact';
export * from './contracts/error';
export * from './contracts/health';
export * from './contracts/plans';
export * from './contracts/faxes';
