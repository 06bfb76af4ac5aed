// `npm run dev`: the API server with reload on change (port 3000) and Vite with hot reload (port 5173, proxying /api).
// Ctrl-C stops both; the server then stops its embedded PostgreSQL.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@faxline/server'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', LOG_PRETTY: 'true', WEB_DIST_DIR: '' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@faxline/web'], { stdio: 'inherit' }),
];

let exiting = false;
function stopAll(signal) {
  if (exiting) return;
  exiting = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
for (const child of children) {
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    process.exitCode ||= code ?? 0;
  });
}
console.log('Faxline dev: open http://localhost:5173 (API on http://localhost:3000)');
