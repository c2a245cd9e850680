# Sourced by .ci/run (issue #27): makes sure a PostgreSQL server runs on this machine, with the role
# and database the integration suite's PostgreSQL run starts from, and exports DINOHUNT_PG_URL.
# Debian's postgresql package, installed when missing; the server version is whatever is installed
# (15 on bookworm), detected. Idempotent: on a machine where all this is done, it only checks.
# Run it alone with: bash -c 'set -euo pipefail; . .ci/postgres.sh; echo "$DINOHUNT_PG_URL"'

# Runs a command as the postgres system user (peer authentication over the local socket), from /
# so that it does not complain about a working directory it cannot read.
as_postgres() {
  if command -v runuser >/dev/null 2>&1; then
    (cd / && runuser -u postgres -- "$@")
  else
    (cd / && su postgres -s /bin/bash -c "$(printf '%q ' "$@")")
  fi
}

if ! command -v psql >/dev/null 2>&1 || ! command -v pg_lsclusters >/dev/null 2>&1; then
  echo "Installing PostgreSQL (Debian's postgresql package)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi

# "<version> <cluster> <port>" of the first cluster online, if any.
pg_online_cluster() { pg_lsclusters -h | awk '$4 ~ /^online/ { print $1, $2, $3; exit }'; }

pg_cluster="$(pg_online_cluster)"
if [ -z "$pg_cluster" ]; then
  # The newest cluster there is; none (the package's own was not created): make one for the newest server.
  pg_stopped="$(pg_lsclusters -h | sort -V -k1,1 | awk 'END { if (NR) print $1, $2 }')"
  if [ -z "$pg_stopped" ]; then
    pg_version="$(find /usr/lib/postgresql -mindepth 1 -maxdepth 1 -printf '%f\n' | sort -V | tail -n 1)"
    echo "Creating PostgreSQL cluster $pg_version/main..."
    pg_createcluster "$pg_version" main >/dev/null
    pg_stopped="$pg_version main"
  fi
  echo "Starting PostgreSQL cluster ${pg_stopped/ //}..."
  # shellcheck disable=SC2086 # "<version> <name>": two arguments on purpose.
  pg_ctlcluster $pg_stopped start
  pg_cluster="$(pg_online_cluster)"
  if [ -z "$pg_cluster" ]; then
    echo "PostgreSQL cluster ${pg_stopped/ //} did not start; see pg_lsclusters and its log." >&2
    exit 1
  fi
fi
read -r _ _ pg_port <<<"$pg_cluster"
if ! pg_isready -q -h 127.0.0.1 -p "$pg_port" -t 30; then
  echo "PostgreSQL on 127.0.0.1:$pg_port does not accept connections; see pg_lsclusters and its log." >&2
  exit 1
fi

# The role may create (and drop) a database per test file; it never drops `dinohunt` itself.
as_postgres psql -p "$pg_port" -v ON_ERROR_STOP=1 -qAt <<'SQL'
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'dinohunt') THEN
    CREATE ROLE dinohunt LOGIN SUPERUSER PASSWORD 'dinohunt';
  END IF;
END
$$;
SELECT 'CREATE DATABASE dinohunt OWNER dinohunt' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'dinohunt')
\gexec
SQL

export DINOHUNT_PG_URL="postgres://dinohunt:dinohunt@127.0.0.1:${pg_port}/dinohunt"
echo "PostgreSQL ready: ${DINOHUNT_PG_URL/:dinohunt@/:***@}"
