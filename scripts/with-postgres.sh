#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL cluster: initdb in a temp folder, a server on 127.0.0.1 and a free
# port of its own, DATABASE_URL exported for the command, and the server stopped and the folder removed at the end.
# initdb and pg_ctl refuse to run as root, so as root they run as the 'postgres' user.
#   bash scripts/with-postgres.sh npm run test:pg
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: $0 command [args...]" >&2
  exit 2
fi

PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}"
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  echo "with-postgres: no PostgreSQL server found under /usr/lib/postgresql (apt-get install postgresql)" >&2
  exit 1
fi

PORT="${PG_PORT:-$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}"
DIR="$(mktemp -d "${TMPDIR:-/tmp}/salon-pg.XXXXXX")"
DB=salon_test

as_pg() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

if [ "$(id -u)" -eq 0 ]; then
  chown postgres: "$DIR"
  PG_USER=postgres
else
  PG_USER="$(id -un)"
fi

cleanup() {
  local status=$?
  as_pg "$PG_BIN/pg_ctl" -D "$DIR/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
  exit "$status"
}
trap cleanup EXIT INT TERM

as_pg "$PG_BIN/initdb" -D "$DIR/data" -U "$PG_USER" --auth=trust -E UTF8 --locale=C.UTF-8 --no-sync >/dev/null
# fsync off: the cluster is thrown away, and the tests measure locking, not disks.
as_pg "$PG_BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -c unix_socket_directories=$DIR -c fsync=off -c synchronous_commit=off -c max_connections=120" \
  start >/dev/null || { cat "$DIR/server.log" >&2; exit 1; }
as_pg "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U "$PG_USER" "$DB"

export DATABASE_URL="postgres://$PG_USER@127.0.0.1:$PORT/$DB"
echo "with-postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT" >&2
"$@"
