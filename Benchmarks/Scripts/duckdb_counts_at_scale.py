#!/usr/bin/env python3
"""Counts of many users from DuckDB, and `report --counts` on them: how long, how much memory, how large a file.

Builds a table of USERS synthetic users in Switchyard's event schema with SQL alone (`range()`), each exposed to
arm A or B of experiment `big` (Benchmarks/Scripts/counts-at-scale-experiments.json), half shown the cart, a fifth
paying an amount and completing the flow, one in fifty declined; times spread over 200 distinct milliseconds per
step. Runs the query of `switchyard sql --engine duckdb --table events` on it, writes the counts as CSV, and runs
`switchyard report --counts` on them, measuring its peak resident memory with wait4(2).

Usage: duckdb_counts_at_scale.py SWITCHYARD USERS WORKDIR [--log PATH] [--counts-only]
Prints one line of figures: users, events, query seconds, counts rows and bytes, report seconds, report peak MiB.
With --log, also writes the events as a JSON Lines log in the event schema, for `switchyard report` to read; with
--counts-only, stops once WORKDIR/counts.csv is written (the tests run and measure the report themselves).
"""
import argparse
import os
import subprocess
import sys
import time

import duckdb

CONFIG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "counts-at-scale-experiments.json")

EVENTS = """
CREATE TABLE events AS
WITH u AS (SELECT range AS i FROM range({users})),
e AS (
  SELECT i, 0 AS k, 'exposure' AS type, NULL AS screen, MAP {{}}::MAP(VARCHAR, VARCHAR) AS properties FROM u
  UNION ALL SELECT i, 1, 'screen_shown', 'cart', MAP {{}}::MAP(VARCHAR, VARCHAR) FROM u WHERE i % 2 = 0
  UNION ALL SELECT i, 2, 'mutation', NULL,
      MAP {{'operation': 'pay', 'outcome': 'succeeded', 'amount': CAST(1000 + 250 * (i % 20) AS VARCHAR)}} FROM u WHERE i % 10 IN (0, 4)
  UNION ALL SELECT i, 3, 'flow_completed', NULL, MAP {{}}::MAP(VARCHAR, VARCHAR) FROM u WHERE i % 10 IN (0, 4)
  UNION ALL SELECT i, 4, 'mutation', NULL, MAP {{'outcome': 'failed', 'reason': 'card_declined'}}::MAP(VARCHAR, VARCHAR)
      FROM u WHERE i % 50 = 1
)
SELECT 1 AS schema,
       TIMESTAMPTZ '2026-01-01 00:00:00+00' + to_milliseconds(i // 1000 + k * (1000 + 10 * (i % 200))) AS time,
       's' || i AS session, CAST(k AS BIGINT) AS seq, 'u' || i AS user,
       CASE WHEN k = 0 THEN 'big' END AS experiment, CASE WHEN k = 0 THEN (CASE WHEN (i // 3) % 2 = 0 THEN 'A' ELSE 'B' END) END AS variant,
       type, screen, NULL::VARCHAR AS action, properties
FROM e
"""


LOG = """
COPY (SELECT schema, strftime(time, '%Y-%m-%dT%H:%M:%S.%gZ') AS time, session, seq, user, experiment, variant, type, screen,
             action, properties FROM events ORDER BY time, user, seq) TO '{path}' (FORMAT json)
"""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("switchyard")
    parser.add_argument("users", type=int)
    parser.add_argument("workdir")
    parser.add_argument("--log")
    parser.add_argument("--counts-only", action="store_true")
    arguments = parser.parse_args()
    switchyard, users, workdir = arguments.switchyard, arguments.users, arguments.workdir
    os.makedirs(workdir, exist_ok=True)
    connection = duckdb.connect()
    connection.execute("SET TimeZone = 'UTC'")
    # Tens of millions of users take more than the machine's memory in the query's joins and windows: DuckDB spills.
    connection.execute("SET memory_limit = '8GB'")
    connection.execute("SET preserve_insertion_order = false")
    connection.execute(f"SET temp_directory = '{os.path.join(workdir, 'spill')}'")
    connection.execute(EVENTS.format(users=users))
    events = connection.execute("SELECT COUNT(*) FROM events").fetchone()[0]
    if arguments.log:
        connection.execute(LOG.format(path=arguments.log))
    query = subprocess.run([switchyard, "sql", "--engine", "duckdb", "--table", "events", "--config", CONFIG],
                           check=True, capture_output=True, text=True).stdout
    counts = os.path.join(workdir, "counts.csv")
    start = time.monotonic()
    connection.execute(f"COPY ({query.rstrip().rstrip(';')}) TO '{counts}' (FORMAT csv, HEADER)")
    query_seconds = time.monotonic() - start
    with open(counts) as file:
        rows = sum(1 for _ in file) - 1
    connection.close()
    if arguments.counts_only:
        print(f"users {users} events {events} query_s {query_seconds:.1f} counts_rows {rows} counts_bytes {os.path.getsize(counts)}")
        return
    # GNU time forks the report from its own small process and reads its peak with wait4(2): a child forked
    # from this process would count the interpreter's and DuckDB's pages, which Linux carries across exec.
    peak = os.path.join(workdir, "peak")
    start = time.monotonic()
    run = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", peak, switchyard, "report", "--counts", counts,
                          "--config", CONFIG, "--format", "json", "--out", os.path.join(workdir, "report.json")],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    report_seconds = time.monotonic() - start
    if run.returncode != 0:
        sys.exit(f"report --counts failed: {run.stderr}")
    with open(peak) as file:
        peak_kib = int(file.read().split()[-1])
    print(f"users {users} events {events} query_s {query_seconds:.1f} counts_rows {rows} "
          f"counts_bytes {os.path.getsize(counts)} report_s {report_seconds:.2f} report_peak_mib {peak_kib / 1024:.1f}")


if __name__ == "__main__":
    main()
