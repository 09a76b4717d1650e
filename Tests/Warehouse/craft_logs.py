#!/usr/bin/env python3
"""Prepares the logs and the config of the warehouse agreement test from a simulated log.

    craft_logs.py SIMULATED_LOG CONFIG_IN OUT_DIR [--seed N]

Writes into OUT_DIR:
- config.json: CONFIG_IN with the first experiment's funnel made harder for SQL: guardrails and metrics,
  a step whose name and screen are `it's "done"; DROP TABLE x`, and steps that events of one millisecond
  can complete in more than one way;
- ordered.jsonl: the simulated log followed by crafted users (below), in time order per user;
- shuffled.jsonl: the same lines shuffled with a fixed seed, and a partial last line.

Crafted users: exposed to two variants (multi-variant), exposed without a variant (an incomplete exposure),
events of one millisecond that complete steps only when matched by the steps each event matches (logged in
both orders), session starts of one millisecond carrying two segment values, back navigations from the
hostile screen, failed mutations without a reason, events outside the window, and an experiment the
config does not list (steps discovered), and one whose arms show more screens than the cap on discovered steps.
"""
import argparse
import json
import os
import random

HOSTILE = 'it\'s "done"; DROP TABLE x'


def event(time, user, kind, experiment=None, variant=None, screen=None, action=None, properties=None):
    return json.dumps({
        "schema": 1, "time": time, "session": f"crafted-{user}", "user": user, "experiment": experiment,
        "variant": variant, "type": kind, "screen": screen, "action": action, "properties": properties or {},
    }, separators=(",", ":"), ensure_ascii=False)


def crafted(experiment, variants):
    a, b = variants[0], variants[1]
    lines = []
    ms = lambda second, milli: f"2026-11-02T10:00:{second:02d}.{milli:03d}Z"
    # Multi-variant: excluded and counted; their exposures still order the arms.
    lines += [event(ms(0, 0), "crafted-mv", "exposure", experiment, a),
              event(ms(5, 0), "crafted-mv", "exposure", experiment, b)]
    # An exposure without a variant is ignored and noted.
    lines.append(event(ms(1, 0), "crafted-incomplete", "exposure", experiment, None))
    for order, user in ((0, "crafted-tie-forward"), (1, "crafted-tie-backward")):
        session = [event(ms(10, 0), user, "session_started", properties={"app-shell": "tablet", "auth-flow": b}),
                   event(ms(10, 0), user, "session_started", properties={"app-shell": "phone", "auth-flow": b}),
                   event(ms(10, 0), user, "exposure", experiment, b)]
        walk = [event(ms(11, 0), user, "screen_shown", experiment, b, screen="welcome"),
                event(ms(11, 100), user, "action", experiment, b, screen="welcome", action="get_started"),
                event(ms(11, 200), user, "mutation", experiment, b, screen="signup",
                      properties={"operation": "create_account", "outcome": "succeeded"})]
        # One millisecond: "home" with again=yes matches steps 4 and 6, plain "home" step 4, the hostile screen
        # step 5. Taking the smallest signature first reaches all three, whichever line comes first (by line
        # order alone, the backward order would stop at step 5).
        tie = [event(ms(11, 500), user, "screen_shown", experiment, b, screen="home"),
               event(ms(11, 500), user, "screen_shown", experiment, b, screen="home", properties={"again": "yes"}),
               event(ms(11, 500), user, "screen_shown", experiment, b, screen=HOSTILE)]
        if order:
            tie.reverse()
        tie = walk + tie
        tail = [event(ms(12, 0), user, "back", experiment, b, screen=HOSTILE, properties={"to": "welcome"}),
                event(ms(12, 1), user, "mutation", experiment, b, screen=HOSTILE,
                      properties={"operation": "create_account", "outcome": "failed"}),
                event(ms(13, 0), user, "flow_completed", experiment, b, screen="home")]
        lines += session + tie + tail
    # Events outside the window (an hour) do not count; an event at exactly the window's end does.
    lines += [event("2026-11-02T11:00:00.000Z", "crafted-late", "exposure", experiment, a),
              event("2026-11-02T12:00:00.000Z", "crafted-late", "back", experiment, a, screen="welcome"),
              event("2026-11-02T12:00:00.001Z", "crafted-late", "flow_completed", experiment, a, screen="home")]
    # An experiment the config does not list: discovered steps, default goal.
    for index in range(6):
        user = f"crafted-other-{index}"
        variant = "left" if index % 2 else "right"
        lines.append(event(ms(20, index), user, "exposure", "crafted-unlisted", variant))
        for step, screen in enumerate(["start", "middle", HOSTILE][: 1 + index % 3]):
            lines.append(event(ms(21 + step, index), user, "screen_shown", "crafted-unlisted", variant, screen=screen))
        if index % 2 == 0:
            lines.append(event(ms(25, index), user, "flow_completed", "crafted-unlisted", variant))
    # More distinct screens than an arm makes steps: each arm's two users see 70 screens each, 140 in all, so
    # the first 100 (by median first showing, then name) are steps and 40 are counted beyond the cap.
    for index in range(4):
        user = f"crafted-screens-{index}"
        variant = "many" if index % 2 else "more"
        lines.append(event(ms(30, index), user, "exposure", "crafted-many-screens", variant))
        for screen in range(70):
            lines.append(event(ms(31, screen * 4 + index), user, "screen_shown", "crafted-many-screens", variant,
                               screen=f"screen-{index // 2}-{screen:02d}"))
    return lines


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("log")
    parser.add_argument("config")
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, default=15)
    arguments = parser.parse_args()
    with open(arguments.config, encoding="utf-8") as handle:
        config = json.load(handle)
    experiment = config["experiments"][0]
    funnel = experiment["funnel"]
    funnel["steps"] = [
        {"name": "Saw welcome", "type": "screen_shown", "screen": "welcome"},
        {"name": "Started onboarding", "type": "action", "screen": "welcome", "action": "get_started"},
        {"name": "Created account", "type": "mutation",
         "properties": {"operation": "create_account", "outcome": "succeeded"}},
        {"name": "Reached home", "type": "screen_shown", "screen": "home"},
        {"name": HOSTILE, "type": "screen_shown", "screen": HOSTILE},
        {"name": "Home again", "type": "screen_shown", "screen": "home", "properties": {"again": "yes"}},
    ]
    funnel["guardrails"] = ["back_navigations", "failed_mutations"]
    funnel["metrics"] = ["time_to_complete"]
    with open(os.path.join(arguments.out, "config.json"), "w", encoding="utf-8") as handle:
        json.dump(config, handle, indent=2, ensure_ascii=False)
    with open(arguments.log, encoding="utf-8") as handle:
        lines = [line.rstrip("\n") for line in handle if line.strip()]
    lines += crafted(experiment["key"], experiment["variations"])
    with open(os.path.join(arguments.out, "ordered.jsonl"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
    random.Random(arguments.seed).shuffle(lines)
    with open(os.path.join(arguments.out, "shuffled.jsonl"), "w", encoding="utf-8") as handle:
        # A run killed mid-write leaves a partial last line: every reader skips it.
        handle.write("\n".join(lines) + "\n" + lines[0][: len(lines[0]) // 2])


if __name__ == "__main__":
    main()
