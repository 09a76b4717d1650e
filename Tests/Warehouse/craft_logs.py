#!/usr/bin/env python3
"""Prepares the logs and the config of the warehouse agreement test from a simulated log.

    craft_logs.py SIMULATED_LOG CONFIG_IN OUT_DIR [--seed N]

Writes into OUT_DIR:
- config.json: CONFIG_IN with the first experiment's funnel made harder for SQL: guardrails and metrics,
  a step whose name and screen are `it's "done"; DROP TABLE x`, and steps that events of one millisecond
  can complete in more than one way; and metrics the config defines, of every kind (a proportion, a mean of a
  count capped absolutely, a mean of a property's sum capped at a percentile, ratios sharing a denominator, a
  quantile of a sum and of a duration, a duration from an event, one from the exposure with a window of its
  own, a count with a window of a day, retention over the next day and over days 0 and 1);
- ordered.jsonl: the simulated log, its successful mutations carrying an `amount` (decimals, and now and then a
  string that is not a JSON number), followed by crafted users (below), in time order per user;
- shuffled.jsonl: the same lines shuffled with a fixed seed, and a partial last line;
- hostile.jsonl: ordered.jsonl's lines, then hostile lines (below) that every reader must skip or keep alike.

Crafted users: exposed to two variants (multi-variant), exposed without a variant (an incomplete exposure),
events of one millisecond that complete steps only when matched by the steps each event matches (logged in
both orders), session starts of one millisecond carrying two segment values, back navigations from the
hostile screen, failed mutations without a reason, events outside the window, and an experiment the
config does not list (steps discovered), and one whose arms show more screens than the cap on discovered steps;
amounts of one millisecond whose sum in line order depends on the order (0.1, 0.2, 0.3), hostile amounts (words,
spaces, a line break, other scripts' digits, hexadecimal, a number too large for a Double), a duration's end
logged before its start in the start's millisecond, events at and past the end of a metric's own window, and
users coming back at the first and last millisecond of a retention day and just outside it; users with history
before exposure at the first and last milliseconds of CUPED's lookbacks and just outside them, amounts whose sum
depends on their order, an event of the exposure's millisecond logged before it, and a user with history alone.
The first experiment is adjusted by CUPED over 2 days, one metric over 1 day of its own, one not at all.

Hostile lines (hostile.jsonl): successful mutations with a large amount, each of which would move the credit metric
if it were counted wrongly: lines every reader skips (an unknown schema, `schema` not the integer 1, a `seq` that is
a string, negative, fractional, an exponent or 2^53, times outside the grammar, a line without a session, a line
cut short with the next line good), lines every reader keeps (times with offsets, without a fraction, with nine
fraction digits, a leap second; `seq` 0, -0 and 2^53 - 1), and two lines without `seq` that differ only in the order
of their properties' keys: one event, the other a duplicate.
"""
import argparse
import json
import os
import random

HOSTILE = 'it\'s "done"; DROP TABLE x'
# Strings that are not JSON numbers (each counted as invalid), and odd ones that are.
NOT_NUMBERS = ["NaN", "Infinity", "1e400", " 12", "12 ", "12\n", "\u0663", "0x10", "+1", "01", "1.", ".5", "-", "",
               "1,5", "12abc", "--1", "1e", "1e+", "\uff11"]
ODD_NUMBERS = ["-0", "1E+2", "-2.5e-3", "1e-400", "0.0", "123456789012345678901234567890"]

METRICS = [
    {"id": "account-created", "name": "Users who created an account", "kind": "proportion",
     "event": {"type": "mutation", "properties": {"operation": "create_account", "outcome": "succeeded"}}},
    {"id": "screens-seen", "name": "Screens seen per user", "kind": "mean", "event": {"type": "screen_shown"},
     "cap": {"absolute": 6}},
    {"id": "credit", "name": "Credit per user", "kind": "mean",
     "event": {"type": "mutation", "properties": {"outcome": "succeeded"}}, "value": "amount",
     "cap": {"percentile": 0.95, "ignoreZeros": True}},
    {"id": "credit-per-screen", "name": "Credit per screen", "kind": "ratio", "numerator": "credit",
     "denominator": "screens-seen"},
    {"id": "accounts-per-screen", "name": "Accounts per screen", "kind": "ratio", "numerator": "account-created",
     "denominator": "screens-seen"},
    {"id": "credit-p50", "name": "Median credit", "kind": "quantile", "of": "credit", "quantile": 0.5},
    {"id": "signup-time", "name": "Seconds from getting started to an account", "kind": "duration", "direction": "lower",
     "from": {"type": "action", "screen": "welcome", "action": "get_started"},
     "to": {"type": "mutation", "properties": {"operation": "create_account", "outcome": "succeeded"}}},
    {"id": "signup-time-p90", "name": "90th percentile seconds to an account", "kind": "quantile", "of": "signup-time",
     "quantile": 0.9, "direction": "lower"},
    {"id": "home-time", "name": "Seconds to home within two hours", "kind": "duration", "direction": "lower",
     "from": "exposure", "to": {"type": "screen_shown", "screen": "home"}, "windowSeconds": 7200},
    {"id": "backs-in-a-day", "name": "Back navigations in a day", "kind": "mean", "direction": "lower",
     "event": {"type": "back"}, "windowSeconds": 86400},
    {"id": "back-next-day", "name": "Came back the next day", "kind": "retention", "event": {"type": "screen_shown"},
     "days": [1, 1]},
    {"id": "seen-in-two-days", "name": "Saw a screen within two days", "kind": "retention",
     "event": {"type": "screen_shown"}, "days": [0, 1]},
]


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
    # Amounts of one millisecond in both line orders: added in line order, 0.1 + 0.2 + 0.3 and 0.3 + 0.2 + 0.1
    # differ in the last bit; the report's exact sum gives one value whatever the order.
    for order, user in ((0, "crafted-sum-forward"), (1, "crafted-sum-backward")):
        amounts = ["0.1", "0.2", "0.3"]
        if order:
            amounts.reverse()
        lines.append(event(ms(40, 0), user, "exposure", experiment, a))
        lines += [event(ms(41, 0), user, "mutation", experiment, a, screen="profile",
                        properties={"operation": "update_profile", "outcome": "succeeded", "amount": amount})
                  for amount in amounts]
    # Hostile amounts, and amounts that are numbers however odd, and a successful mutation without an amount.
    lines.append(event(ms(42, 0), "crafted-hostile-amounts", "exposure", experiment, b))
    for index, amount in enumerate(NOT_NUMBERS + ODD_NUMBERS):
        lines.append(event(ms(43, index), "crafted-hostile-amounts", "mutation", experiment, b, screen="profile",
                           properties={"operation": "update_profile", "outcome": "succeeded", "amount": amount}))
    lines.append(event(ms(44, 0), "crafted-hostile-amounts", "mutation", experiment, b, screen="profile",
                       properties={"operation": "update_profile", "outcome": "succeeded"}))
    # A duration's end before its start does not end it; an end logged before the start in the start's
    # millisecond does (0 seconds), whichever line comes first.
    lines += [event(ms(45, 0), "crafted-duration", "exposure", experiment, a),
              event(ms(45, 500), "crafted-duration", "mutation", experiment, a, screen="signup",
                    properties={"operation": "create_account", "outcome": "succeeded"}),
              event(ms(46, 0), "crafted-duration", "mutation", experiment, a, screen="signup",
                    properties={"operation": "create_account", "outcome": "succeeded"}),
              event(ms(46, 0), "crafted-duration", "action", experiment, a, screen="welcome", action="get_started")]
    # A metric's own window: backs at exactly a day after the exposure count, a millisecond later do not.
    lines += [event("2026-11-03T11:00:00.000Z", "crafted-late", "back", experiment, a, screen="welcome"),
              event("2026-11-03T11:00:00.001Z", "crafted-late", "back", experiment, a, screen="welcome")]
    # Retention over day 1 (24 to 48 hours after the exposure, both ends' milliseconds included): the log ends on
    # 2026-11-03, so users exposed on 2026-11-01 are measured and those exposed on 2026-11-02 are not.
    for user, variant, exposed, returned in (
            ("crafted-return-first-ms", a, "2026-11-01T00:00:00.000Z", "2026-11-02T00:00:00.000Z"),
            ("crafted-return-day-0", b, "2026-11-01T00:00:10.000Z", "2026-11-02T00:00:09.999Z"),
            ("crafted-return-last-ms", a, "2026-11-01T00:00:20.000Z", "2026-11-03T00:00:19.999Z"),
            ("crafted-return-day-2", b, "2026-11-01T12:00:00.000Z", "2026-11-03T12:00:00.000Z")):
        lines += [event(exposed, user, "exposure", experiment, variant),
                  event(returned, user, "screen_shown", experiment, variant, screen="welcome")]
    # CUPED's lookbacks (the experiment's 2 days; 1 day for screens-seen, which the ratios read over 2) start at
    # the first millisecond of the UTC day that many days before the exposure's day and end before the exposure:
    # an event of the exposure's millisecond is after it, whichever line comes first. Amounts of one lookback in
    # both line orders, on one day and across days, sum exactly; a user with history and nothing after exposure.
    history_amount = lambda time, user, variant, amount: event(
        time, user, "mutation", experiment, variant, screen="profile",
        properties={"operation": "update_profile", "outcome": "succeeded", "amount": amount})
    for order, user, variant in ((0, "crafted-history-forward", a), (1, "crafted-history-backward", b)):
        amounts = [("2026-10-31T00:00:00.000Z", "0.1"), ("2026-10-31T00:00:00.000Z", "0.2"),
                   ("2026-11-01T23:59:59.999Z", "0.3"), ("2026-11-02T12:00:00.499Z", "0.7")]
        if order:
            amounts.reverse()
        exposure = event("2026-11-02T12:00:00.500Z", user, "exposure", experiment, variant)
        same_ms = event("2026-11-02T12:00:00.500Z", user, "screen_shown", experiment, variant, screen="welcome")
        lines += [event("2026-10-30T23:59:59.999Z", user, "screen_shown", screen="welcome"),
                  history_amount("2026-10-30T23:59:59.999Z", user, variant, "1000"),
                  event("2026-10-31T00:00:00.000Z", user, "screen_shown", screen="welcome"),
                  event("2026-11-01T00:00:00.000Z", user, "screen_shown", screen="welcome"),
                  event("2026-11-02T00:00:00.000Z", user, "mutation", screen="signup",
                        properties={"operation": "create_account", "outcome": "succeeded"})]
        lines += [history_amount(time, user, variant, amount) for time, amount in amounts]
        lines += [same_ms, exposure] if order else [exposure, same_ms]
    lines += [event("2026-11-01T09:00:00.000Z", "crafted-history-only", "screen_shown", screen="welcome"),
              history_amount("2026-11-01T09:00:00.000Z", "crafted-history-only", b, "12.5"),
              event("2026-11-01T10:00:00.000Z", "crafted-history-only", "exposure", experiment, b)]
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


def hostile(experiment, variants):
    a = variants[0]
    user = "crafted-hostile-lines"
    amount = {"operation": "update_profile", "outcome": "succeeded", "amount": "90000"}

    def line(time, session="hostile", extra=None, drop=()):
        record = {"schema": 1, "time": time, "session": session, "user": user, "experiment": experiment,
                  "variant": a, "type": "mutation", "screen": "profile", "action": None, "properties": amount}
        record.update(extra or {})
        for key in drop:
            del record[key]
        return json.dumps(record, separators=(",", ":"))

    ok = "2026-11-02T10:00:50.000Z"
    lines = [event("2026-11-02T10:00:49.000Z", user, "exposure", experiment, a)]
    # Skipped by every reader.
    lines += [line(ok, extra={"schema": 2}), line(ok, extra={"schema": 1.0}), line(ok, extra={"schema": "1"})]
    lines += [line(ok, f"seq-{index}", extra={"seq": seq}) for index, seq in enumerate(["7", -1, 9007199254740992, 1.5, 4.0])]
    lines.append(line(ok, "seq-exponent").replace('"session":"seq-exponent"', '"session":"seq-exponent","seq":1e2'))
    lines += [line(time) for time in [
        "2026-11-02 10:00:50.000Z", "2026-11-02T10:00:50.000z", "2026-11-02T10:00:50.000", "2026-11-02T10:00:50.0123456789Z",
        "2026-02-29T10:00:50.000Z", "2026-04-31T10:00:50.000Z", "2026-11-02T10:00:50.000+0100", "2026-11-02T10:00:50.000+24:00",
        "2026-11-02T10:00:50.000+01:60", "2026-11-02T24:00:00.000Z", "2026-11-02T10:60:00.000Z", "2026-11-02T10:00:50.Z",
        "20261102T100050Z", "2026-11-02T10:00:50.000Z ", "2026-11-02T10:00:50,5Z", "+2026-11-02T10:00:50.000Z",
    ]]
    lines.append(line(ok, drop=("session",)))
    # A line cut short by a crash, then appended to: the next line is read.
    lines.append(line(ok, "cut")[:-1])
    # Kept by every reader: offsets, no fraction, nine digits, a leap second, seq at its bounds.
    lines += [line(time, f"time-{index}") for index, time in enumerate([
        "2026-11-02T11:00:51+01:00", "2026-11-02T04:30:52.5-05:30", "2026-11-02T10:00:53.123456789Z",
        "2026-11-02T10:00:54.000+00:00", "2026-11-02T10:00:59.999-00:00", "2026-11-02T23:30:55.000+13:29",
        "2026-11-02T10:00:60.000Z", "2028-02-29T10:00:50.000Z",
    ])]
    lines += [line(ok, f"seq-ok-{index}", extra={"seq": seq}) for index, seq in enumerate([0, 9007199254740991])]
    lines.append(line(ok, "seq-minus-zero").replace('"session":"seq-minus-zero"', '"session":"seq-minus-zero","seq":-0'))
    # Without seq, the same event twice, its properties' keys in two orders.
    lines.append(line("2026-11-02T10:00:56.000Z", "key-order"))
    lines.append(line("2026-11-02T10:00:56.000Z", "key-order", extra={"properties": dict(reversed(list(amount.items())))}))
    return lines


def with_amount(line, index):
    """The line, with an `amount` when it is a successful mutation: a decimal of up to two places, every 17th a
    string that is not a number."""
    record = json.loads(line)
    if record["type"] != "mutation" or record["properties"].get("outcome") != "succeeded":
        return line
    generator = random.Random(index)
    if index % 17 == 0:
        amount = NOT_NUMBERS[generator.randrange(len(NOT_NUMBERS))]
    else:
        amount = f"{generator.randrange(0, 100000) / 100:.2f}"
    record["properties"]["amount"] = amount
    return json.dumps(record, separators=(",", ":"), ensure_ascii=False)


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
    funnel["guardrails"].append("backs-in-a-day")
    funnel["metrics"] = ["time_to_complete"] + [metric["id"] for metric in METRICS if metric["id"] != "backs-in-a-day"]
    config["metrics"] = METRICS
    # CUPED on every metric it adjusts, over 2 days; screens-seen over 1 of its own, account-created unadjusted.
    experiment["analysis"] = {"cuped": {"lookbackDays": 2}}
    config["metrics"] = [dict(metric, cuped={"lookbackDays": 1}) if metric["id"] == "screens-seen"
                         else dict(metric, cuped=False) if metric["id"] == "account-created" else metric
                         for metric in METRICS]
    with open(os.path.join(arguments.out, "config.json"), "w", encoding="utf-8") as handle:
        json.dump(config, handle, indent=2, ensure_ascii=False)
    with open(arguments.log, encoding="utf-8") as handle:
        lines = [with_amount(line.rstrip("\n"), index) for index, line in enumerate(handle) if line.strip()]
    lines += crafted(experiment["key"], experiment["variations"])
    with open(os.path.join(arguments.out, "ordered.jsonl"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
    # Devices deliver at least once: every third line again (a retried upload), all in another order. Simulated
    # lines carry `seq`; the crafted ones have none, as logs written before it.
    redelivered = lines + lines[::3]
    random.Random(arguments.seed + 1).shuffle(redelivered)
    with open(os.path.join(arguments.out, "redelivered.jsonl"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(redelivered) + "\n")
    with open(os.path.join(arguments.out, "hostile.jsonl"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines + hostile(experiment["key"], experiment["variations"])) + "\n")
    random.Random(arguments.seed).shuffle(lines)
    with open(os.path.join(arguments.out, "shuffled.jsonl"), "w", encoding="utf-8") as handle:
        # A run killed mid-write leaves a partial last line: every reader skips it.
        handle.write("\n".join(lines) + "\n" + lines[0][: len(lines[0]) // 2])


if __name__ == "__main__":
    main()
