#!/usr/bin/env python3
"""Checks that `switchyard report --format json` and duckdb_funnel.py counted the same funnel.

Usage: compare_report.py REPORT.json DUCKDB.json [--experiment KEY]

Compared exactly, per variant: users, each step's users, goal conversions; and the experiment's
excluded_multi_variant_users. The experiment is --experiment, else the one duckdb_funnel.py names, else
the report's only experiment. A variant missing on one side counts as an arm with no users (the report
lists configured variations nobody was exposed to; duckdb_funnel.py lists exposed variants only), so it
only differs when the other side counted someone in it.

Exit status: 0 when every count matches, 1 with a diff on stderr when one does not, 2 when an input is
unreadable or not of the expected shape.
"""
import argparse
import json
import sys


def fail_shape(message):
    print("compare_report.py: %s" % message, file=sys.stderr)
    sys.exit(2)


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as error:
        fail_shape("cannot read %s: %s" % (path, error))


def report_counts(report, experiment, path):
    """{variant: (users, [step users], goal)}, excluded, key from the Swift report's JSON."""
    experiments = report.get("experiments") if isinstance(report, dict) else None
    if not isinstance(experiments, list) or not experiments:
        fail_shape("%s has no experiments[] (is it `switchyard report --format json` output?)" % path)
    if experiment is None:
        if len(experiments) != 1:
            fail_shape("%s has %d experiments (%s): say which with --experiment" % (
                path, len(experiments), ", ".join(str(e.get("key")) for e in experiments)))
        chosen = experiments[0]
    else:
        found = [e for e in experiments if e.get("key") == experiment]
        if not found:
            fail_shape("%s has no experiment %r (it has %s)" % (
                path, experiment, ", ".join(str(e.get("key")) for e in experiments)))
        chosen = found[0]
    try:
        arms = {}
        for arm in chosen["arms"]:
            arms[arm["variant"]] = (int(arm["users"]), [int(s["users"]) for s in arm["steps"]],
                                    int(arm["goal_conversions"]))
        return arms, int(chosen["excluded_multi_variant_users"]), chosen.get("key")
    except (KeyError, TypeError, ValueError) as error:
        fail_shape("%s: experiment %r lacks an expected field: %r" % (path, chosen.get("key"), error))


def duckdb_counts(result, path):
    try:
        arms = {v: (int(a["users"]), [int(s) for s in a["steps"]], int(a["goal"]))
                for v, a in result["variants"].items()}
        return arms, int(result["excluded_multi_variant_users"])
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        fail_shape("%s is not duckdb_funnel.py output: %r" % (path, error))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("report")
    parser.add_argument("duckdb")
    parser.add_argument("--experiment")
    args = parser.parse_args()
    duck = load(args.duckdb)
    duck_arms, duck_excluded = duckdb_counts(duck, args.duckdb)
    experiment = args.experiment or (duck.get("experiment") if isinstance(duck, dict) else None)
    swift_arms, swift_excluded, key = report_counts(load(args.report), experiment, args.report)

    diffs = []
    if swift_excluded != duck_excluded:
        diffs.append("excluded_multi_variant_users: switchyard %d, duckdb %d" % (swift_excluded, duck_excluded))
    lengths = {len(a[1]) for a in list(swift_arms.values()) + list(duck_arms.values())}
    if len(lengths) > 1:
        diffs.append("step counts differ between arms/sides: %s" % sorted(lengths))
    steps = max(lengths) if lengths else 0
    empty = (0, [0] * steps, 0)
    ordered = list(swift_arms) + [v for v in duck_arms if v not in swift_arms]
    rows = []
    for variant in ordered:
        s = swift_arms.get(variant, empty)
        d = duck_arms.get(variant, empty)
        fields = [("users", s[0], d[0])]
        fields += [("step %d" % (i + 1), a, b) for i, (a, b) in enumerate(zip(s[1], d[1]))]
        fields += [("goal", s[2], d[2])]
        for name, a, b in fields:
            mark = "" if a == b else "  <-- differs"
            rows.append("  %-28s %-10s %10d %10d%s" % (variant, name, a, b, mark))
            if a != b:
                diffs.append("%s %s: switchyard %d, duckdb %d" % (variant, name, a, b))
        if variant not in swift_arms or variant not in duck_arms:
            rows.append("  %-28s (arm only in %s)" % (variant, "duckdb" if variant not in swift_arms else "switchyard"))
    table = "\n".join(["  %-28s %-10s %10s %10s" % ("variant", "count", "switchyard", "duckdb")] + rows +
                      ["  %-28s %-10s %10d %10d" % ("(excluded multi-variant)", "users", swift_excluded, duck_excluded)])
    if diffs:
        print("MISMATCH: switchyard report and DuckDB disagree on %s:" % key, file=sys.stderr)
        for diff in diffs:
            print("  " + diff, file=sys.stderr)
        print(table, file=sys.stderr)
        sys.exit(1)
    print("counts match for %s (%d arms, %d steps):" % (key, len(ordered), steps))
    print(table)


if __name__ == "__main__":
    main()
