#!/usr/bin/env python3
"""DuckDB peer of `switchyard report`: the per-variant funnel of one experiment, as one SQL query.

Usage:
  duckdb_funnel.py EVENTS.jsonl --experiment KEY --config experiments.json
  duckdb_funnel.py EVENTS.jsonl --experiment KEY --steps-json '[...]' --goal-json '{...}' --window-seconds N
Options: --threads N (default 2), --print-sql.

Prints {"variants": {"<variant>": {"users": n, "steps": [n, ...], "goal": n}},
        "excluded_multi_variant_users": n, "seconds": t}
where `seconds` times the whole query, JSON scan included (connecting and planning excluded).

Semantics (those of FlowReports' ExperimentLogAccumulator; see reference_funnel.py for a plain port):
- file order is the order of events: the JSON scan's ordinality is the line number;
- a user's variant is that of their first `exposure` of the experiment (with a variant), anchored at its
  time; users exposed to two or more variants are excluded from every count and counted;
- an event counts for a user when it is at or after the anchor exposure in the file and stamped within
  [anchor, anchor + window] (both inclusive);
- step 1 is the first counted event matching step 1; step i the first counted event after step i-1's event
  in the file, matching step i and stamped at or after step i-1's event; the goal is any counted event
  matching the goal.
Every variant exposed in the log is listed, even one whose users were all excluded.
Lines with a schema other than 1, an unknown type or no user are ignored, as the Swift reader skips them;
lines that are not JSON make DuckDB fail (the Swift reader skips them).
"""
import argparse
import importlib.util
import json
import sys
import time

from funnel_spec import add_funnel_arguments, funnel_from_arguments

def literal(text):
    return "'" + text.replace("'", "''") + "'"


def identifier(text):
    return '"' + text.replace('"', '""') + '"'


def matcher_sql(matcher):
    """A boolean SQL expression over the scan's columns, never NULL."""
    parts = ["type = %s" % literal(matcher["type"])]
    if "screen" in matcher:
        parts.append("screen = %s" % literal(matcher["screen"]))
    if "action" in matcher:
        parts.append("action = %s" % literal(matcher["action"]))
    for key, value in sorted(matcher["properties"].items()):
        parts.append("properties.%s = %s" % (identifier(key), literal(value)))
    return "coalesce(%s, false)" % " AND ".join(parts)


def funnel_sql(path, experiment, steps, goal, window_seconds):
    """The single query: one row per exposed variant (in order of first exposure)."""
    matchers = steps + [goal]
    property_keys = sorted({k for m in matchers for k in m["properties"]})
    columns = {
        "schema": "BIGINT",
        "time": "TIMESTAMP",
        "user": "VARCHAR",
        "experiment": "VARCHAR",
        "variant": "VARCHAR",
        "type": "VARCHAR",
    }
    if any("screen" in m for m in matchers):
        columns["screen"] = "VARCHAR"
    if any("action" in m for m in matchers):
        columns["action"] = "VARCHAR"
    if property_keys:
        columns["properties"] = "STRUCT(%s)" % ", ".join("%s VARCHAR" % identifier(k) for k in property_keys)
    columns_sql = "{%s}" % ", ".join("%s: %s" % (literal(k), literal(v)) for k, v in columns.items())
    window_ms = window_seconds * 1000
    n = len(steps)

    flags = ",\n           ".join(
        ["%s AS m%d" % (matcher_sql(s), i + 1) for i, s in enumerate(steps)] + ["%s AS g" % matcher_sql(goal)]
    )
    any_flag = " OR ".join(["m%d" % (i + 1) for i in range(n)] + ["g", "is_exposure"])
    step_ctes = [
        """s1 AS (
    SELECT u, min(rn) AS r, arg_min(t, rn) AS t FROM counted WHERE m1 GROUP BY u
)"""
    ]
    for i in range(2, n + 1):
        step_ctes.append(
            """s{i} AS (
    SELECT c.u, min(c.rn) AS r, arg_min(c.t, c.rn) AS t
    FROM counted c JOIN s{p} p ON c.u = p.u
    WHERE c.m{i} AND c.rn > p.r AND c.t >= p.t
    GROUP BY c.u
)""".format(i=i, p=i - 1)
        )
    step_joins = "\n".join("    LEFT JOIN s%d ON s%d.u = k.u" % (i, i) for i in range(1, n + 1))
    step_counts = ", ".join("count(s%d.u) AS step%d" % (i, i) for i in range(1, n + 1))
    step_columns = ", ".join("coalesce(t.step%d, 0)" % i for i in range(1, n + 1))
    return """
WITH scanned AS (
    -- t: milliseconds since 1970, further digits truncated as the Swift reader does.
    SELECT ordinality AS rn, schema, "user" AS u, "time" AS ts, epoch_us("time") // 1000 AS t, variant,
           coalesce(type = 'exposure' AND experiment = {experiment} AND variant IS NOT NULL, false) AS is_exposure,
           {flags}
    FROM read_json({path}, format = 'newline_delimited', columns = {columns}) WITH ORDINALITY
),
ev AS MATERIALIZED (
    -- Lines of unknown type never match: every matcher names a known type.
    SELECT rn, u, t, variant, is_exposure, {flag_names_plain} FROM scanned
    WHERE ({any_flag}) AND schema = 1 AND u IS NOT NULL AND ts IS NOT NULL
),
exposures AS (
    SELECT u, rn, t, variant FROM ev WHERE is_exposure
),
first_exposure AS (
    SELECT u, arg_min(variant, rn) AS variant, min(rn) AS r0, arg_min(t, rn) AS anchor,
           count(DISTINCT variant) > 1 AS multi
    FROM exposures GROUP BY u
),
kept AS (
    SELECT u, variant, r0, anchor FROM first_exposure WHERE NOT multi
),
counted AS MATERIALIZED (
    SELECT ev.u, ev.rn, ev.t, {flag_names}
    FROM ev JOIN kept ON ev.u = kept.u
    WHERE ev.rn >= kept.r0 AND ev.t >= kept.anchor AND ev.t <= kept.anchor + {window_ms}
      AND ({step_or_goal})
),
{step_ctes},
goal AS (
    SELECT DISTINCT u FROM counted WHERE g
),
tally AS (
    SELECT k.variant, count(*) AS users, {step_counts}, count(goal.u) AS goal
    FROM kept k
{step_joins}
    LEFT JOIN goal ON goal.u = k.u
    GROUP BY k.variant
),
arms AS (
    SELECT variant, min(rn) AS first_rn FROM exposures GROUP BY variant
)
SELECT a.variant, coalesce(t.users, 0), [{step_columns}], coalesce(t.goal, 0),
       (SELECT count(*) FROM first_exposure WHERE multi) AS excluded
FROM arms a LEFT JOIN tally t ON t.variant = a.variant
ORDER BY a.first_rn
""".format(
        experiment=literal(experiment),
        flags=flags,
        path=literal(path),
        columns=columns_sql,
        flag_names_plain=", ".join(["m%d" % (i + 1) for i in range(n)] + ["g"]),
        any_flag=any_flag,
        flag_names=", ".join(["ev.m%d" % (i + 1) for i in range(n)] + ["ev.g"]),
        window_ms=window_ms,
        step_or_goal=" OR ".join(["ev.m%d" % (i + 1) for i in range(n)] + ["ev.g"]),
        step_ctes=",\n".join(step_ctes),
        step_counts=step_counts,
        step_joins=step_joins,
        step_columns=step_columns,
    )


def run(path, experiment, steps, goal, window_seconds, threads=2):
    import duckdb

    sql = funnel_sql(path, experiment, steps, goal, window_seconds)
    con = duckdb.connect()
    con.execute("SET threads = %d" % threads)
    con.execute("SET preserve_insertion_order = true")
    started = time.perf_counter()
    rows = con.execute(sql).fetchall()
    seconds = time.perf_counter() - started
    con.close()
    variants = {}
    excluded = 0
    for variant, users, step_users, goal_users, excluded_users in rows:
        variants[variant] = {"users": users, "steps": list(step_users), "goal": goal_users}
        excluded = excluded_users
    return {"variants": variants, "excluded_multi_variant_users": excluded, "seconds": round(seconds, 3)}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("events")
    add_funnel_arguments(parser)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--print-sql", action="store_true", help="print the query and exit")
    args = parser.parse_args()
    steps, goal, window = funnel_from_arguments(args, parser)
    if args.print_sql:
        print(funnel_sql(args.events, args.experiment, steps, goal, window))
        return
    if importlib.util.find_spec("duckdb") is None:
        sys.exit("duckdb_funnel.py: the duckdb Python package is not installed (pip install duckdb)")
    out = run(args.events, args.experiment, steps, goal, window, args.threads)
    out["experiment"] = args.experiment
    json.dump(out, sys.stdout, indent=2, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
