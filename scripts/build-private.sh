#!/usr/bin/env bash
# Builds the web app and the server into folders of their own (apps/*/.builds/<name>), so that several people (or
# helpers) can run the browser tests at once without rebuilding each other's bundle:
#   bash scripts/build-private.sh alice && E2E_BUILD=alice npx vitest run --project e2e e2e/some.test.ts
set -euo pipefail
name="${1:?usage: scripts/build-private.sh <name>}"
cd "$(dirname "$0")/.."
(cd apps/web && npx vite build --logLevel warn --emptyOutDir --outDir ".builds/$name")
node apps/server/scripts/build.mjs --outfile "apps/server/.builds/$name/main.js"
# The client libraries the server serves at /downloads (decision 127): one build in packages/client/dist, rebuilt only
# when the package changed, so that the browser tests of /developers find them.
node scripts/build-changed.mjs client
