export * from './constants';
export * from './phone';
export * from './contracts/auth';
export * from './contracts/error';
export * from './contracts/health';
