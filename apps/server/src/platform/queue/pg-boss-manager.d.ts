// pg-boss's internal Manager class (no typings of its own): see job-endings.ts.
declare module 'pg-boss/src/manager.js' {
  const Manager: unknown;
  export default Manager;
}
