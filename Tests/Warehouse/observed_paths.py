#!/usr/bin/env python3
"""DuckDB peer of the observed paths of `switchyard report` (docs/Statistics.md, "Observed paths").

    observed_paths.py devices LOG_IN LOG_OUT [--seed N]
        LOG_IN plus users who walk on two devices at once, some of whose screens share a millisecond,
        and a user exposed to two variants; the lines shuffled.
    observed_paths.py count LOG --experiment KEY --config CONFIG
        Prints {"<variant>": {"users": n, "paths": {"a > b|goal": n, ...}, "left_on": {screen: n},
        "transitions": {"from > to": n}, "users_beyond_cap": n}} counted by one DuckDB query per part, with no help
        from line order.

The rules, as the native report applies them: a user's variant is that of their first exposure to the experiment
(users exposed to two variants are left out); their window is [anchor, anchor + conversionWindowSeconds]; their
path is the screens of the `screen_shown` events in the window ordered by time, then by screen name (UTF-8 bytes),
a screen right after itself counted once; `goal` when an event of the window matches the funnel's goal, else
`left`; users who did not reach the goal are counted on the last screen of their path, `(none)` without one;
a transition is a pair of consecutive screens of a path, `(start)` before the first, counted once per user; a path
of more than PATH_LENGTH_CAP screens is in no path or transition, its user counted in users_beyond_cap (and still
where they left).
"""
import argparse
import json
import random
import sys

PATH_LENGTH_CAP = 128


def event(time, user, kind, experiment=None, variant=None, screen=None, session="d"):
    return json.dumps({
        "schema": 1, "time": time, "session": session, "user": user, "experiment": experiment,
        "variant": variant, "type": kind, "screen": screen, "action": None, "properties": {},
    }, separators=(",", ":"))


def devices(arguments):
    with open(arguments.log_in, encoding="utf-8") as handle:
        lines = [line.rstrip("\n") for line in handle if line.strip()]
    experiments = [json.loads(line) for line in lines if '"exposure"' in line]
    key = experiments[0]["experiment"]
    variants = sorted({e["variant"] for e in experiments if e["experiment"] == key and e["variant"]})
    ms = lambda second, milli: f"2026-11-03T10:00:{second:02d}.{milli:03d}Z"
    for index in range(12):
        user = f"two-devices-{index}"
        variant = variants[index % len(variants)]
        lines.append(event(ms(0, index), user, "exposure", key, variant, session="phone"))
        # Two devices walk at once; their screens interleave, and at 3.5 s both show a screen in one millisecond.
        lines += [event(ms(1, 0), user, "screen_shown", key, variant, "welcome", "phone"),
                  event(ms(1, 500), user, "screen_shown", key, variant, "welcome", "tablet"),
                  event(ms(2, 0), user, "screen_shown", key, variant, "signup", "phone"),
                  event(ms(3, 500), user, "screen_shown", key, variant, "profile", "tablet"),
                  event(ms(3, 500), user, "screen_shown", key, variant, "signup", "phone")]
        if index % 3 == 0:
            lines.append(event(ms(4, 0), user, "screen_shown", key, variant, "home", "tablet"))
            lines.append(event(ms(4, 0), user, "flow_completed", key, variant, "home", "tablet"))
        if index % 4 == 1:
            # After the window (one hour): neither in the path nor the goal.
            lines.append(event("2026-11-03T11:00:00.100Z", user, "screen_shown", key, variant, "home", "phone"))
            lines.append(event("2026-11-03T11:00:00.100Z", user, "flow_completed", key, variant, "home", "phone"))
    # Longer than the cap: one path of PATH_LENGTH_CAP screens (kept), two of one more (beyond it), one of them
    # with its last two screens in one millisecond.
    for index, length in enumerate([PATH_LENGTH_CAP, PATH_LENGTH_CAP + 1, PATH_LENGTH_CAP + 1]):
        user = f"long-path-{index}"
        lines.append(event(ms(0, 0), user, "exposure", key, variants[index % len(variants)], session="phone"))
        for step in range(length):
            millisecond = min(step, length - 2) if index == 2 else step
            lines.append(event(ms(10 + millisecond // 1000, millisecond % 1000), user, "screen_shown", key,
                               variants[index % len(variants)], ["welcome", "signup"][step % 2] + str(step % 3), "phone"))
    # Exposed to two variants: in no path.
    lines += [event(ms(0, 0), "two-variants", "exposure", key, variants[0]),
              event(ms(0, 5), "two-variants", "exposure", key, variants[-1]),
              event(ms(1, 0), "two-variants", "screen_shown", key, variants[0], "welcome")]
    random.Random(arguments.seed).shuffle(lines)
    with open(arguments.log_out, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")


def literal(text):
    return "'" + text.replace("'", "''") + "'"


def count(arguments):
    import duckdb
    with open(arguments.config, encoding="utf-8") as handle:
        config = json.load(handle)
    experiment = next(e for e in config["experiments"] if e["key"] == arguments.experiment)
    funnel = experiment.get("funnel", {})
    goal = funnel.get("goal", {"type": "flow_completed"})
    window = max(0, funnel.get("conversionWindowSeconds", 14 * 24 * 3600)) * 1000
    goal_parts = ["type = %s" % literal(goal["type"])]
    for field in ("screen", "action"):
        if field in goal:
            goal_parts.append("%s = %s" % (field, literal(goal[field])))
    for key, value in sorted(goal.get("properties", {}).items()):
        goal_parts.append("properties[%s] = %s" % (literal(key), literal(value)))
    connection = duckdb.connect()
    connection.execute(
        "CREATE TABLE events AS SELECT * FROM read_json(?, format = 'newline_delimited', columns = {"
        "'schema': 'INTEGER', 'time': 'TIMESTAMPTZ', 'session': 'VARCHAR', 'user': 'VARCHAR', "
        "'experiment': 'VARCHAR', 'variant': 'VARCHAR', 'type': 'VARCHAR', 'screen': 'VARCHAR', "
        "'action': 'VARCHAR', 'properties': 'MAP(VARCHAR, VARCHAR)'}, ignore_errors = true)", [arguments.log])
    connection.execute(f"""
        CREATE TABLE windowed AS
        WITH ev AS (SELECT * FROM events WHERE schema = 1 AND "user" IS NOT NULL AND type IS NOT NULL),
        exposures AS (
            SELECT "user", time, variant FROM ev
            WHERE type = 'exposure' AND experiment = {literal(arguments.experiment)} AND variant IS NOT NULL),
        arms AS (
            SELECT "user", min(time) AS anchor, min(variant) AS variant FROM exposures
            GROUP BY "user" HAVING count(DISTINCT variant) = 1)
        SELECT ev.*, arms.variant AS arm FROM ev JOIN arms USING ("user")
        WHERE ev.time >= arms.anchor AND ev.time <= arms.anchor + to_milliseconds({window})
    """)
    users = dict(connection.execute("""
        SELECT arms.variant, count(*) FROM (
            SELECT "user", min(variant) AS variant FROM events
            WHERE type = 'exposure' AND experiment = ? AND variant IS NOT NULL AND schema = 1
            GROUP BY "user" HAVING count(DISTINCT variant) = 1) AS arms
        GROUP BY arms.variant""", [arguments.experiment]).fetchall())
    connection.execute(f"""
        CREATE TABLE steps AS
        WITH shown AS (
            SELECT "user", arm, time, screen,
                   lag(screen) OVER (PARTITION BY "user" ORDER BY time, screen) AS previous
            FROM windowed WHERE type = 'screen_shown' AND screen IS NOT NULL)
        SELECT "user", arm, time, screen,
               coalesce(lag(screen) OVER (PARTITION BY "user" ORDER BY time, screen), '(start)') AS came_from
        FROM shown WHERE previous IS NULL OR previous <> screen
    """)
    rows = connection.execute(f"""
        WITH members AS (SELECT DISTINCT "user", arm FROM windowed),
        goals AS (SELECT "user", bool_or(coalesce({' AND '.join(goal_parts)}, false)) AS reached FROM windowed GROUP BY "user"),
        paths AS (
            SELECT "user", string_agg(screen, ' > ' ORDER BY time, screen) AS path,
                   last(screen ORDER BY time, screen) AS last_screen, count(*) AS length
            FROM steps GROUP BY "user")
        SELECT members.arm, coalesce(paths.path, ''), goals.reached, coalesce(paths.last_screen, '(none)'),
               coalesce(paths.length, 0), count(*)
        FROM members JOIN goals USING ("user") LEFT JOIN paths USING ("user")
        GROUP BY ALL
    """).fetchall()
    result = {variant: {"users": n, "paths": {}, "left_on": {}, "transitions": {}, "users_beyond_cap": 0}
              for variant, n in users.items()}
    for arm, path, reached, last_screen, length, n in rows:
        entry = result[arm]
        if length > PATH_LENGTH_CAP:
            entry["users_beyond_cap"] += n
        else:
            key = path + ("|goal" if reached else "|left")
            entry["paths"][key] = entry["paths"].get(key, 0) + n
        if not reached:
            entry["left_on"][last_screen] = entry["left_on"].get(last_screen, 0) + n
    for arm, came_from, screen, n in connection.execute(f"""
            SELECT arm, came_from, screen, count(DISTINCT "user") FROM steps
            WHERE "user" NOT IN (SELECT "user" FROM steps GROUP BY "user" HAVING count(*) > {PATH_LENGTH_CAP})
            GROUP BY ALL""").fetchall():
        result[arm]["transitions"][came_from + " > " + screen] = n
    json.dump(result, sys.stdout, indent=1, sort_keys=True)


def main():
    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers(dest="command", required=True)
    crafting = commands.add_parser("devices")
    crafting.add_argument("log_in")
    crafting.add_argument("log_out")
    crafting.add_argument("--seed", type=int, default=7)
    counting = commands.add_parser("count")
    counting.add_argument("log")
    counting.add_argument("--experiment", required=True)
    counting.add_argument("--config", required=True)
    arguments = parser.parse_args()
    devices(arguments) if arguments.command == "devices" else count(arguments)


if __name__ == "__main__":
    main()
