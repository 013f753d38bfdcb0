#!/usr/bin/env bash
# Builds the images of the three services from docker/Dockerfile where a Docker engine runs, and
# runs each as the cluster does (read-only root file system with a /tmp of its own, the image's
# user, host network) against this machine's PostgreSQL and Redis: it must report ready, run as uid
# 1000 on a read-only root with no npm, npx or corepack, and exit 0 on `docker stop` (SIGTERM).
# Prints each image's build time, its size and its size above the base image.
#
#   tools/docker-images.sh [service...]        every service unless named
#
# The base image is node:<.nvmrc>-bookworm-slim. Environment: DOCKER_HOST as usual;
# IMAGE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres, where a database of each
# run's own is made and dropped), IMAGE_REDIS_URL (default redis://127.0.0.1:6379).
set -euo pipefail
cd "$(dirname "$0")/.."
admin_url="${IMAGE_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
redis_url="${IMAGE_REDIS_URL:-redis://127.0.0.1:6379}"
base="node:$(cat .nvmrc)-bookworm-slim"
services=("$@")
[ ${#services[@]} -gt 0 ] || services=(profile-service config-service render-service)

command -v docker > /dev/null || { echo "docker-images: no docker command here"; exit 1; }
docker info > /dev/null 2>&1 || { echo "docker-images: no Docker engine answers (DOCKER_HOST=${DOCKER_HOST:-})"; exit 1; }
docker image inspect "$base" > /dev/null 2>&1 || docker pull "$base"
base_bytes="$(docker image inspect -f '{{.Size}}' "$base")"
mb() { awk -v bytes="$1" 'BEGIN { printf "%.1f MB", bytes / 1000000 }'; }

work="$(mktemp -d)"
container=""
database=""
cleanup() {
  [ -n "$container" ] && docker rm -f "$container" > /dev/null 2>&1 || true
  [ -n "$database" ] && psql "$admin_url" -qc "DROP DATABASE IF EXISTS $database WITH (FORCE)" > /dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "docker-images $service: $1"
  [ -n "$container" ] && docker logs --tail 30 "$container" 2>&1
  exit 1
}

run=$(od -An -N4 -tx1 /dev/urandom | tr -d ' \n')
for service in "${services[@]}"; do
  tag="portal/$service:local"
  started=$SECONDS
  docker build --network host -f docker/Dockerfile --build-arg SERVICE="$service" -t "$tag" . \
    > "$work/build-$service.log" 2>&1 || { tail -30 "$work/build-$service.log"; fail "docker build failed"; }
  build_seconds=$((SECONDS - started))
  bytes="$(docker image inspect -f '{{.Size}}' "$tag")"

  port="$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
  database="image_docker_${service%-service}_$run"
  psql "$admin_url" -qc "CREATE DATABASE $database" > /dev/null
  env=(-e PORT="$port" -e HOST=127.0.0.1 -e TENANT="dockerimages$run" -e REDIS_URL="$redis_url"
    -e DATABASE_URL="${admin_url%/*}/$database" -e AUTH_JWT_SECRET="$(head -c 24 /dev/urandom | base64)")
  [ "$service" = profile-service ] && env+=(-e SETTINGS_ENCRYPTION_KEY="$(head -c 32 /dev/urandom | base64)")
  container="$(docker run -d --read-only --tmpfs /tmp --network host "${env[@]}" "$tag")"

  started=$SECONDS
  until curl -fsS "http://127.0.0.1:$port/health/ready" > /dev/null 2>&1; do
    [ "$(docker inspect -f '{{.State.Running}}' "$container")" = true ] || fail "exited before it was ready"
    (( SECONDS - started < 90 )) || fail "not ready within 90 s"
    sleep 1
  done
  ready_seconds=$((SECONDS - started))

  pid="$(docker inspect -f '{{.State.Pid}}' "$container")"
  uid="$(awk '/^Uid:/ { print $2 }' "/proc/$pid/status")"
  [ "$uid" = 1000 ] || fail "runs as uid $uid"
  # /home/node belongs to uid 1000: only a read-only root file system refuses it a file there.
  refusal="$(docker exec "$container" node -e \
    "try { require('fs').writeFileSync('/home/node/probe', ''); console.log('written') } catch (e) { console.log(e.code) }")"
  [ "$refusal" = EROFS ] || fail "the root file system is not read-only (writing: $refusal)"
  if docker exec "$container" sh -c 'command -v npm || command -v npx || command -v corepack'; then
    fail "the image has a package manager"
  fi

  started=$SECONDS
  docker stop -t 45 "$container" > /dev/null
  code="$(docker inspect -f '{{.State.ExitCode}}' "$container")"
  [ "$code" = 0 ] || fail "docker stop: exit $code"
  stop_seconds=$((SECONDS - started))
  docker rm "$container" > /dev/null
  container=""
  psql "$admin_url" -qc "DROP DATABASE $database WITH (FORCE)" > /dev/null
  database=""

  echo "docker-images $service: built in ${build_seconds} s, $(mb "$bytes") ($(mb $((bytes - base_bytes))) above $base)," \
    "ready in ${ready_seconds} s, uid 1000, read-only root, no npm/npx/corepack, docker stop: exit 0 in ${stop_seconds} s"
done
