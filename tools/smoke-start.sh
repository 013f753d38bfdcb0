#!/usr/bin/env bash
# Smoke test of `npm ci && npm start` as a user runs it: a fresh clone of HEAD in a private
# directory (mode 700, as `mktemp -d` makes it; PostgreSQL's own user cannot enter it), all three
# services ready, then SIGTERM and a clean exit. Ports from SMOKE_PORT_BASE (default 4300). It runs
# on the `node` of PATH (.ci/run puts the Node of .nvmrc first).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
base="${SMOKE_PORT_BASE:-4300}"
work="$(mktemp -d)"
chmod 700 "$work"
log="$work/npm-start.log"
pid=""
cleanup() {
  [ -n "$pid" ] && kill -TERM "$pid" 2> /dev/null || true
  # Data folders the services had to keep outside the clone (as root: /var/lib/citizen-portal).
  # (`|| true`: a cleanup step that finds nothing must not turn a passed smoke test red.)
  { [ -f "$log" ] && grep -o 'data in [^)" ]*' "$log" | sort -u | cut -c9- | grep -v "^$work" | xargs -r rm -rf; } || true
  rm -rf "$work"
}
trap cleanup EXIT

started=$SECONDS
git clone --quiet "$repo" "$work/clone"
cd "$work/clone"
npm ci --no-audit --no-fund > "$work/npm-ci.log" 2>&1 || { tail -20 "$work/npm-ci.log"; exit 1; }

PORT_BASE="$base" npm start > "$log" 2>&1 &
pid=$!
for port in $base $((base + 1)) $((base + 2)); do
  until curl -fsS "http://127.0.0.1:$port/health/ready" > /dev/null 2>&1; do
    if ! kill -0 "$pid" 2> /dev/null; then
      echo "smoke: npm start exited before port $port was ready:"; tail -20 "$log"; exit 1
    fi
    if (( SECONDS - started > 300 )); then echo "smoke: port $port not ready in time"; tail -20 "$log"; exit 1; fi
    sleep 1
  done
done
grep -q "export TOKEN=" "$log" || sleep 2
# The banner is what a newcomer needs: last and visible, not under Nest's start-up narration
# (`Mapped ... route`, at debug level) nor followed by the readiness probes' request lines.
sleep 3
if grep -q '"msg":"Mapped {' "$log"; then echo "smoke: Nest's Mapped route lines are logged at info level"; exit 1; fi
last="$(grep -v '^[[:space:]]*$' "$log" | tail -1)"
if [[ "$last" != *"mint one for chosen roles"* ]]; then
  echo "smoke: the ready banner is not the last output; after it: $last"; exit 1
fi
echo "smoke: the ready banner is the last of $(wc -l < "$log") lines of npm start"
echo "smoke: /health/ready 200 on ports $base-$((base + 2)) after $((SECONDS - started)) s (clone, npm ci, build, start) on Node $(node --version)"

# SIGTERM to start-all, as a container's init or a supervisor sends it (npm itself would report 143).
stopping=$SECONDS
for candidate in $(pgrep -f "^node tools/start-all.js"); do
  [ "$(readlink "/proc/$candidate/cwd")" = "$work/clone" ] && kill -TERM "$candidate"
done
code=0
wait "$pid" || code=$?
pid=""
if [ "$code" -ne 0 ]; then echo "smoke: npm start exited $code on SIGTERM"; tail -20 "$log"; exit 1; fi
if pgrep -f "$work/clone/dist/apps" > /dev/null; then echo "smoke: a service outlived npm start"; exit 1; fi
for data in $(grep -o 'data in [^)" ]*' "$log" | sort -u | cut -c9-); do
  if pgrep -f -- "-D $data" > /dev/null; then echo "smoke: PostgreSQL on $data outlived npm start"; exit 1; fi
done
echo "smoke: SIGTERM stopped all three and their databases, exit 0, in $((SECONDS - stopping)) s"
