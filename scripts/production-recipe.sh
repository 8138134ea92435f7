#!/usr/bin/env bash
# The Dockerfile's steps without Docker (issue 41 part 5, decision 111), for CI and for a machine
# without a container engine: in a clean folder, the production dependencies only (with the
# project's patch), the built app, a start on a fresh embedded database, and a few answers. The
# build stage is the checkout's own build (`npm run build`, made by `npm test` or here).
# Exit code 0 when the shop answered; prints where it failed otherwise.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/backstube-recipe-XXXXXX")"
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

cd "$repo"
node scripts/ensure-build.mjs >/dev/null 2>&1

echo "== Produktionsabhängigkeiten in $work"
cp package.json package-lock.json "$work/"
cp -r patches "$work/patches"
cd "$work"
npm ci --omit=dev --ignore-scripts --prefer-offline --no-audit --no-fund --loglevel=error
npx --no-install patch-package >/dev/null
cp -r "$repo/build" "$work/build"
echo "Pakete: $(npm ls --omit=dev --all --parseable 2>/dev/null | wc -l)"

port="${RECIPE_PORT:-$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}"
echo "== Start auf Port $port"
DATA_DIR="$work/data" PORT="$port" HOST=127.0.0.1 NODE_ENV=production \
  DEMO_ADMIN_PASSWORD=rezept-admin-1 LOG_LEVEL=warn node build/server/server.js &
pid=$!
for _ in $(seq 1 120); do
  if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then echo "Der Server hat sich beendet." >&2; exit 1; fi
  sleep 1
done

fail=0
check() {
  local path="$1" expected="$2"
  local status
  status="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$path")"
  if [ "$status" = "$expected" ]; then echo "ok   $status $path"; else echo "FEHL $status $path (erwartet $expected)" >&2; fail=1; fi
}
check /healthz 200
check / 200
check /store/wiehre 200
check /backend/login 200
check /api/openapi.json 401
# Every stage reads its whole input (no `head`): under pipefail an early exit is a SIGPIPE (141).
picture="$(curl -s "http://127.0.0.1:$port/store/wiehre" | grep -o '/image/[a-z0-9-]*/[0-9]*-[0-9]*\.webp' | awk 'NR == 1' || true)"
if [ -n "$picture" ]; then check "$picture" 200; else echo "FEHL kein Bild auf /store/wiehre" >&2; fail=1; fi
exit "$fail"
