#!/usr/bin/env python3
"""Counts a retention metric in a JSON Lines log with DuckDB, written from docs/Statistics.md alone (not from the
query `switchyard sql` writes): an independent check of the report's retention numbers.

    retention_reference.py LOG EXPERIMENT TYPE SCREEN FIRST LAST

Per variant of EXPERIMENT, prints as JSON: the users exposed to that variant alone (`users`), those whose last
day had ended when the log did (`measured`: the log's end is its latest time, of any line), and of those, the
users with an event of TYPE on SCREEN from FIRST days after their first exposure to the end of day LAST
(`retained`). A day is 86,400,000 ms from the exposure; both ends' milliseconds are in the window.
"""
import json
import sys

import duckdb

DAY = 86_400_000


def main():
    log, experiment, kind, screen, first, last = sys.argv[1:7]
    first, last = int(first), int(last)
    start, end = first * DAY, (last + 1) * DAY - 1
    query = """
        WITH ev AS (
            SELECT "user" AS u, experiment AS e, variant AS v, "type" AS ty, screen AS sc,
                   epoch_ms(CAST("time" AS TIMESTAMPTZ)) AS t
            FROM read_json(?, format = 'newline_delimited', columns = {
                'time': 'VARCHAR', 'user': 'VARCHAR', 'experiment': 'VARCHAR', 'variant': 'VARCHAR',
                'type': 'VARCHAR', 'screen': 'VARCHAR'})
        ),
        exposed AS (
            SELECT u, MIN(t) AS a, MIN(v) AS v, COUNT(DISTINCT v) AS variants
            FROM ev WHERE ty = 'exposure' AND e = ? AND v IS NOT NULL GROUP BY u
        ),
        arm AS (SELECT u, a, v FROM exposed WHERE variants = 1),
        log_end AS (SELECT MAX(t) AS t FROM ev),
        came_back AS (
            SELECT DISTINCT arm.u FROM arm JOIN ev ON ev.u = arm.u
            WHERE ev.ty = ? AND ev.sc = ? AND ev.t - arm.a BETWEEN ? AND ?
        )
        SELECT arm.v,
               COUNT(*) AS users,
               COUNT(*) FILTER (WHERE log_end.t - arm.a >= ?) AS measured,
               COUNT(*) FILTER (WHERE log_end.t - arm.a >= ? AND came_back.u IS NOT NULL) AS retained
        FROM arm CROSS JOIN log_end LEFT JOIN came_back ON came_back.u = arm.u
        GROUP BY arm.v ORDER BY arm.v
    """
    rows = duckdb.connect().execute(query, [log, experiment, kind, screen, start, end, end, end]).fetchall()
    print(json.dumps({variant: {"users": users, "measured": measured, "retained": retained}
                      for variant, users, measured, retained in rows}))


if __name__ == "__main__":
    main()
