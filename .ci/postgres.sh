# A throwaway PostgreSQL cluster for the store tests, sourced by .ci/run (bash).
#
#   source .ci/postgres.sh && start_postgres
#
# installs PostgreSQL from the Debian packages when its programs are missing, creates a
# cluster in a temporary folder that listens on a unix socket there only (no TCP port to
# collide with), creates the database euchre_test, exports
# EUCHRE_LOG_TEST_POSTGRES=postgresql+psycopg://postgres@/euchre_test?host=SOCKET_DIR for
# the tests, and stops the cluster and removes the folder when the shell exits. As root
# (as CI runs) the server runs as the user postgres, since PostgreSQL refuses root.

_pg_bin() {
    # The folder of initdb and pg_ctl: on PATH, or the newest Debian-installed version.
    if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
        dirname "$(readlink -f "$(command -v initdb)")"
        return
    fi
    local newest
    newest=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    [ -n "$newest" ] && [ -x "$newest/initdb" ] && echo "$newest"
}

_pg_install() {
    echo "PostgreSQL is not installed: installing the Debian packages" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq </dev/null
    apt-get install -y -qq postgresql </dev/null >/dev/null
}

_pg_as_owner() {
    # Run a command as the cluster's owner: postgres when we are root, else ourselves.
    if [ "$(id -u)" = 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

stop_postgres() {
    if [ -n "${EUCHRE_PG_DIR:-}" ] && [ -d "$EUCHRE_PG_DIR" ]; then
        _pg_as_owner "$EUCHRE_PG_BIN/pg_ctl" -D "$EUCHRE_PG_DIR/data" -m immediate -w stop \
            >/dev/null 2>&1 || true
        rm -rf "$EUCHRE_PG_DIR"
    fi
}

start_postgres() {
    EUCHRE_PG_BIN=$(_pg_bin || true)
    if [ -z "$EUCHRE_PG_BIN" ]; then
        _pg_install
        EUCHRE_PG_BIN=$(_pg_bin)
    fi
    if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
        useradd --system --no-create-home --shell /usr/sbin/nologin postgres
    fi
    EUCHRE_PG_DIR=$(mktemp -d /tmp/euchre-pg.XXXXXX)
    export EUCHRE_PG_BIN EUCHRE_PG_DIR
    trap stop_postgres EXIT
    chmod 755 "$EUCHRE_PG_DIR"
    [ "$(id -u)" = 0 ] && chown postgres "$EUCHRE_PG_DIR"
    _pg_as_owner "$EUCHRE_PG_BIN/initdb" -D "$EUCHRE_PG_DIR/data" -U postgres -A trust \
        --no-sync -E UTF8 --locale=C.UTF-8 >"$EUCHRE_PG_DIR/initdb.log" 2>&1 || {
        cat "$EUCHRE_PG_DIR/initdb.log" >&2
        return 1
    }
    # Durability is not under test on this server: fsync off makes CREATE DATABASE fast.
    _pg_as_owner "$EUCHRE_PG_BIN/pg_ctl" -D "$EUCHRE_PG_DIR/data" -l "$EUCHRE_PG_DIR/server.log" \
        -o "-c listen_addresses='' -c unix_socket_directories='$EUCHRE_PG_DIR' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
        -w -t 60 start >/dev/null || {
        cat "$EUCHRE_PG_DIR/server.log" >&2
        return 1
    }
    "$EUCHRE_PG_BIN/psql" -h "$EUCHRE_PG_DIR" -U postgres -d postgres -q -v ON_ERROR_STOP=1 \
        -c "CREATE DATABASE euchre_test" </dev/null
    export EUCHRE_LOG_TEST_POSTGRES="postgresql+psycopg://postgres@/euchre_test?host=$EUCHRE_PG_DIR"
    echo "PostgreSQL $("$EUCHRE_PG_BIN/postgres" --version | awk '{print $3}') is up for the tests: $EUCHRE_LOG_TEST_POSTGRES"
}
