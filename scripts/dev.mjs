// `npm run dev`: the API server with reload on change (port 3000) and Vite with hot reload (port 5173, proxying /api).
// Ctrl-C stops both; the server then stops its embedded PostgreSQL.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// npm runs each workspace's script in its own folder: keep the data where `npm start` keeps it, at the repository root.
const dataDir = process.env.DATA_DIR ?? fileURLToPath(new URL('../data', import.meta.url));

const children = [
  spawn('npm', ['run', 'dev', '-w', '@faxline/server'], {
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, NODE_ENV: 'development', LOG_PRETTY: 'true', WEB_DIST_DIR: '', DATA_DIR: dataDir },
  }),
  spawn('npm', ['run', 'dev', '-w', '@faxline/web'], { stdio: 'inherit', detached: true }),
];

let exiting = false;
function stopAll(signal) {
  if (exiting) return;
  exiting = true;
  // Each child runs in a process group of its own (npm, its shell, tsx and the server): signal the whole group, so
  // that the server itself hears it and stops its database, however the signal reached us.
  for (const child of children) {
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
for (const child of children) {
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    process.exitCode ||= code ?? 0;
  });
}
console.log('Faxline dev: open http://localhost:5173 (API on http://localhost:3000)');
