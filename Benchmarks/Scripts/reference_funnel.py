#!/usr/bin/env python3
"""Pure-Python reference of `switchyard report`'s per-variant funnel counts: slow and straightforward.

A line-by-line port of the Swift aggregation (FlowReports: ExperimentLogAccumulator, ExperimentExposures,
UserFunnelProgress, EventMatcher), used to check duckdb_funnel.py's SQL on small logs. Events are consumed in
file order:

- a user's variant for the experiment is the variant of their first `exposure` naming it (with a variant);
  that exposure's time is the user's anchor; a later exposure to another variant marks the user
  multi-variant, and such users are excluded from every count (and counted);
- from the anchor's event on (in file order), events stamped at or after the anchor and at most the window
  later count; step i is completed by the first such event (in file order) matching it that is stamped at
  or after the event that completed step i-1 (the anchor for step 1); one event completes at most one step;
- the goal is reached by any counted event matching the goal.

Lines the Swift reader skips (not JSON objects, a missing/mistyped required field, a non-UTC timestamp,
schema other than 1, unknown type) are skipped here too.

Usage: reference_funnel.py EVENTS.jsonl --experiment KEY (--config experiments.json |
       --steps-json '[...]' --goal-json '{...}' --window-seconds N)
Prints the same JSON shape as duckdb_funnel.py.
"""
import argparse
import json
import re
import sys
import time

from funnel_spec import add_funnel_arguments, funnel_from_arguments

EVENT_TYPES = {
    "session_started", "exposure", "assignment", "screen_shown", "action", "back", "child_started",
    "child_finished", "mutation", "flow_completed", "flow_abandoned",
}
_TIMESTAMP = re.compile(r"^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?Z$")


def days_from_civil(y, m, d):
    y -= m <= 2
    era = (y if y >= 0 else y - 399) // 400
    yoe = y - era * 400
    doy = (153 * (m - 3 if m > 2 else m + 9) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def parse_ms(text):
    """EventTimestamp(iso8601:): milliseconds since 1970, fraction digits past the third truncated."""
    if not isinstance(text, str):
        return None
    m = _TIMESTAMP.match(text)
    if not m:
        return None
    year, month, day, hour, minute, second = (int(g) for g in m.groups()[:6])
    fraction = m.group(7)
    if not (1 <= month <= 12 and 1 <= day <= 31 and hour < 24 and minute < 60 and second < 61):
        return None
    if fraction is not None and not 1 <= len(fraction) <= 9:
        return None
    millis = int((fraction or "0")[:3].ljust(3, "0"))
    seconds = days_from_civil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second
    return seconds * 1000 + millis


def read_events(path):
    """Yields (time_ms, event dict) for every line the Swift reader would turn into an event."""
    with open(path, "rb") as f:
        for raw in f:
            if not raw.strip():
                continue
            try:
                obj = json.loads(raw)
            except ValueError:
                continue
            if not isinstance(obj, dict):
                continue
            schema = obj.get("schema")
            if not isinstance(schema, int) or isinstance(schema, bool) or schema != 1:
                continue
            if not all(isinstance(obj.get(k), str) for k in ("time", "session", "user", "type")):
                continue
            if obj["type"] not in EVENT_TYPES:
                continue
            ms = parse_ms(obj["time"])
            if ms is None:
                continue
            yield ms, obj


def matches(matcher, event):
    if event["type"] != matcher["type"]:
        return False
    if matcher.get("screen") is not None and event.get("screen") != matcher["screen"]:
        return False
    if matcher.get("action") is not None and event.get("action") != matcher["action"]:
        return False
    props = event.get("properties") or {}
    return all(props.get(k) == v for k, v in (matcher.get("properties") or {}).items())


class User:
    def __init__(self, variant, anchor):
        self.variant = variant
        self.anchor = anchor
        self.multi = False
        self.step_offsets = []
        self.goal = False


def reference(path, experiment, steps, goal, window_seconds):
    window = max(0, window_seconds) * 1000
    users = {}
    variants = []  # in order of first exposure
    for ms, event in read_events(path):
        if event["type"] == "exposure":
            key, variant = event.get("experiment"), event.get("variant")
            if isinstance(key, str) and isinstance(variant, str) and key == experiment:
                if variant not in variants:
                    variants.append(variant)
                user = users.get(event["user"])
                if user is None:
                    users[event["user"]] = User(variant, ms)
                elif user.variant != variant:
                    user.multi = True
        user = users.get(event["user"])
        if user is None or user.multi:
            continue
        offset = ms - user.anchor
        if not 0 <= offset <= window:
            continue
        next_step = len(user.step_offsets)
        last = user.step_offsets[-1] if user.step_offsets else 0
        if next_step < len(steps) and offset >= last and matches(steps[next_step], event):
            user.step_offsets.append(offset)
        if not user.goal and matches(goal, event):
            user.goal = True
    result = {v: {"users": 0, "steps": [0] * len(steps), "goal": 0} for v in variants}
    excluded = 0
    for user in users.values():
        if user.multi:
            excluded += 1
            continue
        arm = result[user.variant]
        arm["users"] += 1
        arm["goal"] += user.goal
        for i in range(len(user.step_offsets)):
            arm["steps"][i] += 1
    return {"variants": result, "excluded_multi_variant_users": excluded}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("events")
    add_funnel_arguments(parser)
    args = parser.parse_args()
    steps, goal, window = funnel_from_arguments(args, parser)
    started = time.perf_counter()
    out = reference(args.events, args.experiment, steps, goal, window)
    out["seconds"] = round(time.perf_counter() - started, 3)
    out["experiment"] = args.experiment
    json.dump(out, sys.stdout, indent=2, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
