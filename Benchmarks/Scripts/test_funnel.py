#!/usr/bin/env python3
"""Checks duckdb_funnel.py's SQL against reference_funnel.py (and hand-computed counts on edge cases).

1. Hand-written logs, one edge case per user, with the counts the Swift rules give (worked out by hand).
2. Generated logs (gen_events.py, several seeds) under several funnels: SQL == reference exactly.

Usage: test_funnel.py [--users N] [--edge-log PATH]   (needs the duckdb package)
Ends with the line "N passed, N failed"; exits non-zero on any failure.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import duckdb_funnel  # noqa: E402
import reference_funnel  # noqa: E402
from gen_events import line  # noqa: E402

K = "onboarding-order"
A, B, C = "signup-before-profile", "signup-after-profile", "third-arm"
T = 1_793_491_200_000
W = 3600
STEPS = [
    {"type": "screen_shown", "screen": "welcome", "properties": {}},
    {"type": "action", "screen": "welcome", "action": "get_started", "properties": {}},
    {"type": "mutation", "properties": {"operation": "create_account", "outcome": "succeeded"}},
    {"type": "screen_shown", "screen": "home", "properties": {}},
]
GOAL = {"type": "flow_completed", "properties": {}}

passed = failed = 0


def check(name, got, expected):
    global passed, failed
    if got == expected:
        passed += 1
        print("ok   %s" % name)
    else:
        failed += 1
        print("FAIL %s\n     got      %s\n     expected %s" % (name, json.dumps(got, sort_keys=True),
                                                            json.dumps(expected, sort_keys=True)))


def ev(ms, user, type_, variant=A, experiment=K, screen=None, action=None, properties=None, schema=1):
    return line(T + ms, "s-" + user, user, experiment, variant, type_, screen, action, properties, schema)


def created(ms, user, outcome="succeeded"):
    return ev(ms, user, "mutation", screen="signup",
              properties={"operation": "create_account", "outcome": outcome})


def edge_case_log():
    """(lines, expected result) with users in arm A unless said otherwise."""
    L = []
    # u-full: every step and the goal.
    L += [ev(0, "u-full", "exposure"), ev(0, "u-full", "screen_shown", screen="welcome"),
          ev(10, "u-full", "action", screen="welcome", action="get_started"), created(20, "u-full"),
          ev(30, "u-full", "screen_shown", screen="home"), ev(31, "u-full", "flow_completed")]
    # u-pre: welcome in the exposure's millisecond but before it in the file: not counted; nothing else.
    L += [ev(5, "u-pre", "screen_shown", screen="welcome"), ev(5, "u-pre", "exposure"),
          ev(6, "u-pre", "action", screen="welcome", action="get_started")]
    # u-tie: create_account before get_started in the file, same millisecond: step 3 not reached by it.
    L += [ev(0, "u-tie", "exposure"), ev(0, "u-tie", "screen_shown", screen="welcome"), created(5, "u-tie"),
          ev(5, "u-tie", "action", screen="welcome", action="get_started"),
          ev(6, "u-tie", "screen_shown", screen="home")]
    # u-order: home before the account: steps 1-3, home not again -> 3 steps; goal reached anyway.
    L += [ev(0, "u-order", "exposure"), ev(1, "u-order", "screen_shown", screen="welcome"),
          ev(2, "u-order", "action", screen="welcome", action="get_started"),
          ev(3, "u-order", "screen_shown", screen="home"), created(4, "u-order"),
          ev(5, "u-order", "flow_completed")]
    # u-failed: failed create_account does not match; a later success does.
    L += [ev(0, "u-failed", "exposure"), ev(0, "u-failed", "screen_shown", screen="welcome"),
          ev(1, "u-failed", "action", screen="welcome", action="get_started"), created(2, "u-failed", "failed"),
          created(3, "u-failed")]
    # u-back: a timestamp going backwards: get_started stamped before welcome's event does not count,
    # a later one does; an event stamped before the anchor is outside the window.
    L += [ev(100, "u-back", "exposure"), ev(110, "u-back", "screen_shown", screen="welcome"),
          ev(105, "u-back", "action", screen="welcome", action="get_started"),
          ev(50, "u-back", "flow_completed"),
          ev(120, "u-back", "action", screen="welcome", action="get_started")]
    # u-edge-in: goal exactly at the end of the window; u-edge-out: one millisecond later.
    L += [ev(0, "u-edge-in", "exposure"), ev(W * 1000, "u-edge-in", "screen_shown", screen="welcome"),
          ev(W * 1000, "u-edge-in", "flow_completed")]
    L += [ev(0, "u-edge-out", "exposure"), ev(W * 1000 + 1, "u-edge-out", "screen_shown", screen="welcome"),
          ev(W * 1000 + 1, "u-edge-out", "flow_completed")]
    # u-frac: a goal stamped 0.6 ms past the window's end: the reader truncates to milliseconds, so it counts.
    frac = ev(W * 1000, "u-frac", "flow_completed").replace('.000Z"', '.0006Z"')
    assert ".0006Z" in frac
    L += [ev(0, "u-frac", "exposure"), frac]
    # u-multi: exposed to A then B: excluded. u-same: exposed to A twice: kept, anchored at the first.
    L += [ev(0, "u-multi", "exposure"), ev(1, "u-multi", "screen_shown", screen="welcome"),
          ev(2, "u-multi", "exposure", variant=B), ev(3, "u-multi", "flow_completed")]
    L += [ev(0, "u-same", "exposure"), ev(7200_000, "u-same", "exposure"),
          ev(7200_001, "u-same", "screen_shown", screen="welcome"), ev(7200_002, "u-same", "flow_completed")]
    # u-other: another experiment's exposure to B does not make the user multi-variant; it is in arm B.
    L += [ev(0, "u-other", "exposure", variant=B), ev(1, "u-other", "exposure", experiment="other", variant=A),
          ev(2, "u-other", "screen_shown", screen="welcome", variant=B)]
    # u-incomplete: an exposure without variant is ignored; the user's anchor is the later full exposure.
    L += [ev(0, "u-incomplete", "exposure", variant=None), ev(1, "u-incomplete", "screen_shown", screen="welcome"),
          ev(2, "u-incomplete", "exposure", variant=B), ev(3, "u-incomplete", "flow_completed", variant=B)]
    # u-third: first exposed to a third arm C, then to A: excluded, but arm C is listed with no users.
    L += [ev(0, "u-third", "exposure", variant=C), ev(1, "u-third", "exposure")]
    # u-schema2 / u-unknown: lines the reader skips are no exposures.
    L += [ev(0, "u-schema2", "exposure", schema=2), ev(1, "u-schema2", "flow_completed")]
    L += [ev(0, "u-unknown", "teleport"), ev(1, "u-unknown", "flow_completed")]
    # u-goal-first: goal before the exposure does not count; goal after it without steps does.
    L += [ev(0, "u-goal-first", "flow_completed"), ev(1, "u-goal-first", "exposure", variant=B),
          ev(2, "u-goal-first", "flow_completed", variant=B)]
    # u-none: never exposed, walks the whole flow: not counted anywhere.
    L += [ev(0, "u-none", "assignment", experiment=None), ev(1, "u-none", "screen_shown", screen="welcome"),
          ev(2, "u-none", "flow_completed")]
    # u-late: exposed in a second session two hours after a first full walk: only later events count.
    L += [ev(0, "u-late", "screen_shown", screen="welcome", experiment=None),
          ev(1, "u-late", "action", screen="welcome", action="get_started", experiment=None),
          ev(7_200_000, "u-late", "exposure", variant=B), created(7_200_001, "u-late")]
    expected = {
        "excluded_multi_variant_users": 2,  # u-multi, u-third
        "variants": {
            # users: full pre tie order failed back edge-in edge-out same frac = 10
            # step1: full tie order failed back edge-in = 6 (pre: before exposure; edge-out: outside; same: 2h later)
            # step2: full tie order failed back = 5
            # step3: full order failed = 3
            # step4: full = 1
            # goal: full order edge-in frac = 4
            A: {"users": 10, "steps": [6, 5, 3, 1], "goal": 4},
            # users: other incomplete goal-first late = 4; step1: other; goal: incomplete goal-first
            # (u-incomplete's welcome precedes its anchoring exposure)
            B: {"users": 4, "steps": [1, 0, 0, 0], "goal": 2},
            C: {"users": 0, "steps": [0, 0, 0, 0], "goal": 0},
        },
    }
    # Interleave users by time (file order across users must not matter), keeping each user's own order
    # even where its stamps go backwards: sort by the user's latest stamp so far, then position.
    latest, keys = {}, []
    for index, text in enumerate(L):
        event = json.loads(text)
        latest[event["user"]] = max(latest.get(event["user"], ""), event["time"])
        keys.append((latest[event["user"]], index))
    return [L[i] for _, i in sorted(keys)], expected


def run_both(path, steps, goal, window):
    ref = reference_funnel.reference(path, K, steps, goal, window)
    sql = duckdb_funnel.run(path, K, steps, goal, window)
    sql.pop("seconds")
    return ref, sql


def fake_report(result, extra_arm=None):
    """A `switchyard report --format json` look-alike holding `result`'s counts (other fields left out)."""
    arms = [{"variant": v, "users": a["users"], "goal_conversions": a["goal"], "goal_conversion_rate": 0,
             "steps": [{"name": "step %d" % i, "users": n} for i, n in enumerate(a["steps"])], "screens": []}
            for v, a in result["variants"].items()]
    if extra_arm:
        steps = len(arms[0]["steps"]) if arms else 0
        arms.append({"variant": extra_arm, "users": 0, "goal_conversions": 0,
                     "steps": [{"name": "s", "users": 0}] * steps})
    return {"report_version": 1, "mode": "report", "experiments": [
        {"key": "other", "excluded_multi_variant_users": 0, "arms": []},
        {"key": K, "excluded_multi_variant_users": result["excluded_multi_variant_users"], "arms": arms}]}


def check_compare(tmp, result):
    """compare_report.py accepts equal counts and rejects a changed one with a diff."""
    duck = os.path.join(tmp, "duck.json")
    report = os.path.join(tmp, "report.json")
    with open(duck, "w") as f:
        json.dump(dict(result, experiment=K, seconds=1.0), f)
    script = os.path.join(HERE, "compare_report.py")

    def compare(report_json):
        with open(report, "w") as f:
            json.dump(report_json, f)
        return subprocess.run([sys.executable, script, report, duck], capture_output=True, text=True)

    same = compare(fake_report(result, extra_arm="never-exposed"))
    check("compare_report: equal counts (plus an unexposed configured arm) exit 0", same.returncode, 0)
    changed = json.loads(json.dumps(result))
    changed["variants"][A]["steps"][2] += 1
    differs = compare(fake_report(changed))
    check("compare_report: a changed step count exits 1 naming it",
          (differs.returncode, "%s step 3: switchyard" % A in differs.stderr), (1, True))
    changed = json.loads(json.dumps(result))
    changed["excluded_multi_variant_users"] += 1
    differs = compare(fake_report(changed))
    check("compare_report: a changed exclusion count exits 1",
          (differs.returncode, "excluded_multi_variant_users" in differs.stderr), (1, True))
    with open(report, "w") as f:
        f.write("{}")
    bad = subprocess.run([sys.executable, script, report, duck], capture_output=True, text=True)
    check("compare_report: a file of the wrong shape exits 2", bad.returncode, 2)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--users", type=int, default=5_000, help="users per generated log (3 logs)")
    parser.add_argument("--edge-log", help="keep the hand-written edge-case log at this path (e.g. to run the "
                        "Swift report on it: its counts must equal the expected ones in edge_case_log())")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        lines, expected = edge_case_log()
        path = args.edge_log or os.path.join(tmp, "edge.jsonl")
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        ref, sql = run_both(path, STEPS, GOAL, W)
        check("edge cases: reference == hand-computed", ref, expected)
        check("edge cases: SQL == hand-computed", sql, expected)
        # One event completes at most one step: a funnel repeating a step needs two events.
        twice = [STEPS[0], STEPS[0]]
        ref, sql = run_both(path, twice, GOAL, W)
        check("repeated step: SQL == reference", sql, ref)
        check("repeated step: second welcome needs a second event", ref["variants"][A]["steps"], [6, 0])
        check_compare(tmp, expected)

        funnels = {
            "config funnel": (STEPS, GOAL, W),
            "60 s window": (STEPS, GOAL, 60),
            "zero window": (STEPS, GOAL, 0),
            "screens twice, home goal": (
                [STEPS[0], {"type": "screen_shown", "screen": "signup", "properties": {}},
                 {"type": "screen_shown", "screen": "welcome", "properties": {}},
                 {"type": "screen_shown", "properties": {}}],
                {"type": "screen_shown", "screen": "home", "properties": {}}, 1800),
            "failure reasons": (
                [{"type": "mutation", "properties": {"outcome": "failed"}},
                 {"type": "back", "properties": {"to": "welcome"}},
                 {"type": "mutation", "properties": {"outcome": "failed", "reason": "network"}}],
                {"type": "mutation", "screen": "profile", "properties": {"operation": "save_profile"}}, 3600),
        }
        for seed in (1, 2, 3):
            gen = os.path.join(tmp, "gen-%d.jsonl" % seed)
            subprocess.run([sys.executable, os.path.join(HERE, "gen_events.py"), gen, "--users", str(args.users),
                            "--seed", str(seed)], check=True, stdout=subprocess.DEVNULL)
            for name, (steps, goal, window) in funnels.items():
                ref, sql = run_both(gen, steps, goal, window)
                check("seed %d, %s: SQL == reference %s" % (seed, name, json.dumps(sql["variants"].get(A))), sql, ref)
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
