#!/usr/bin/env python3
"""Writes an event log with a great many distinct experiments or variants, for timing `report` on it.

    many_experiments_log.py experiments N PATH   # N experiments, two variants each, 2 users per experiment
    many_experiments_log.py variants N PATH      # one experiment with N variants, 2 users per variant

Each user has an exposure, two screens and, for every other user, a completed flow: `report` must stay linear
in experiments, variants and users (docs/Reliability.md, "Scaling").
"""
import sys


def line(time_ms, user, kind, experiment=None, variant=None, screen=None):
    seconds, millis = divmod(time_ms, 1000)
    minutes, seconds = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    stamp = f"2026-11-22T{hours % 24:02d}:{minutes:02d}:{seconds:02d}.{millis:03d}Z"
    quoted = lambda value: "null" if value is None else f'"{value}"'
    return (f'{{"schema":1,"time":"{stamp}","session":"s-{user}","user":"{user}","experiment":{quoted(experiment)},'
            f'"variant":{quoted(variant)},"type":"{kind}","screen":{quoted(screen)},"action":null,"properties":{{}}}}\n')


def main():
    mode, count, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with open(path, "w") as log:
        user = 0
        for index in range(count):
            for copy in range(2):
                name = f"u{user}"
                experiment, variant = (f"e{index}", f"v{copy}") if mode == "experiments" else ("wide", f"v{index}")
                time = user * 10
                log.write(line(time, name, "exposure", experiment, variant))
                log.write(line(time + 1, name, "screen_shown", screen="welcome"))
                log.write(line(time + 2, name, "screen_shown", screen="signup"))
                if user % 2 == 0:
                    log.write(line(time + 3, name, "flow_completed"))
                user += 1


if __name__ == "__main__":
    main()
