#!/bin/sh
# The database image's command (Dockerfile, target "database"): Debian's PostgreSQL on the
# volume at $PGDATA. A new volume first gets a cluster whose one role, password and database
# are .env's (POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB); later starts find it there and
# change nothing, so a new password in .env does not reach an existing database.
set -eu
bin=/usr/lib/postgresql/15/bin
if [ ! -s "$PGDATA/PG_VERSION" ]; then
    : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set (.env)}"
    password=$(mktemp)
    printf '%s\n' "$POSTGRES_PASSWORD" > "$password"
    "$bin/initdb" --pgdata="$PGDATA" --username="$POSTGRES_USER" --pwfile="$password" \
        --auth-local=peer --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8
    rm "$password"
    # Other containers reach it over the compose network, with the password.
    echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
    echo "CREATE DATABASE \"$POSTGRES_DB\" OWNER \"$POSTGRES_USER\"" |
        "$bin/postgres" --single -D "$PGDATA" -c config_file="$PGDATA/postgresql.conf" postgres > /dev/null
fi
exec "$bin/postgres" -D "$PGDATA" -c listen_addresses='*'
