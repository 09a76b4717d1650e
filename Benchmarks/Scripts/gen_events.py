#!/usr/bin/env python3
"""Generates a realistic Switchyard event log (JSON Lines) for developing the DuckDB funnel peer.

Not the benchmark input: the real benchmark file comes from `switchyard simulate`. This log is built to
exercise the report's edge cases on purpose, so that duckdb_funnel.py can be checked against
reference_funnel.py (a port of the Swift aggregation):

- users exposed 50/50 to the two variations of `onboarding-order`, some never exposed (forced assignments);
- sessions walking welcome -> signup/profile (variant order) -> home, with drop-offs, back navigations,
  failed mutations, retries, child coordinator events;
- returning users with a second session hours later (outside the 1 h window), some exposed again to the
  same variant, some to the other one (multi-variant, excluded);
- exposures of another experiment, exposures without a variant, lines of an unknown schema or type;
- steps out of funnel order (home before signup, get_started before welcome), step events in the same
  millisecond but earlier in the file than the exposure, ties between consecutive steps in the wrong file
  order, a few users whose timestamps go backwards, and events exactly at / just past the window's end.

Events of one user are in time order (except the deliberate backwards stamps); users are interleaved in
the file by time, so file order matters across users too.

Usage: gen_events.py OUT.jsonl [--users N] [--seed S]
"""
import argparse
import heapq
import json
import random

EXPERIMENT = "onboarding-order"
VARIANTS = ["signup-before-profile", "signup-after-profile"]
OTHER_EXPERIMENT = "paywall-copy"
START_MS = 1_793_491_200_000  # 2026-11-01T00:00:00Z
WINDOW_MS = 3_600_000


def iso(ms):
    import datetime as dt
    d = dt.datetime.fromtimestamp(ms // 1000, tz=dt.timezone.utc)
    return d.strftime("%Y-%m-%dT%H:%M:%S") + ".%03dZ" % (ms % 1000)


def line(ms, session, user, experiment, variant, type_, screen=None, action=None, properties=None, schema=1, seq=None):
    # Canonical key order, properties keys sorted, as JSONLineEncoder writes them; seq, when given, numbers the
    # session's events, as a recorder does.
    obj = {
        "schema": schema,
        "time": iso(ms),
        "session": session,
        **({} if seq is None else {"seq": seq}),
        "user": user,
        "experiment": experiment,
        "variant": variant,
        "type": type_,
        "screen": screen,
        "action": action,
        "properties": dict(sorted((properties or {}).items())),
    }
    return json.dumps(obj, separators=(",", ":"))


class Session:
    """Collects the events of one user as (ms, line) in the order they happen."""

    def __init__(self, rng, user, session, experiment, variant, start_ms):
        self.rng = rng
        self.user = user
        self.session = session
        self.experiment = experiment
        self.variant = variant
        self.now = start_ms
        self.events = []
        self.next_seq = 0

    def think(self, lo=0, hi=30_000):
        # Zero steps are common: the simulator's clock only moves when told, so ties are normal.
        if self.rng.random() < 0.3:
            return
        self.now += self.rng.randint(lo, hi)

    def emit(self, type_, screen=None, action=None, properties=None, at=None, experiment="same", variant="same",
             schema=1):
        ms = self.now if at is None else at
        experiment = self.experiment if experiment == "same" else experiment
        variant = self.variant if variant == "same" else variant
        self.events.append((ms, line(ms, self.session, self.user, experiment, variant, type_, screen, action,
                                     properties, schema, seq=self.next_seq)))
        self.next_seq += 1


def walk(s, rng, exposed):
    """One session through the onboarding flow; returns nothing, events are in s.events."""
    s.emit("session_started", properties={"auth-flow": s.variant or "signup-before-profile", "app-shell": "phone"})
    if s.variant is not None and not exposed:
        s.emit("assignment", properties={"slot": "auth-flow", "reason": "forced"}, experiment=None)
    # Edge case: a step event in the same millisecond as the exposure but before it in the file.
    if exposed and rng.random() < 0.03:
        s.emit("screen_shown", screen="welcome")
    if exposed:
        s.emit("exposure", properties={"slot": "auth-flow"})
    if rng.random() < 0.05:
        s.emit("exposure", experiment=OTHER_EXPERIMENT, variant=rng.choice(["a", "b"]))
    if rng.random() < 0.01:
        s.emit("exposure", variant=None)  # incomplete: ignored by the report
    if rng.random() < 0.01:
        s.emit("screen_shown", screen="welcome", schema=2)  # unknown schema: skipped by the reader
    if rng.random() < 0.01:
        s.emit("teleported", screen="welcome")  # unknown type: skipped by the reader
    # Edge case: get_started before welcome was shown (out of order: does not complete step 2 yet).
    if rng.random() < 0.03:
        s.emit("action", screen="welcome", action="get_started")
    s.emit("child_started", properties={"child": "welcome"})
    s.emit("screen_shown", screen="welcome")
    s.think(500, 8000)
    if rng.random() < 0.08:
        s.emit("flow_abandoned", screen="welcome")
        return
    # Edge case: the next step's event first, then this step's, in the same millisecond.
    tie_swap = rng.random() < 0.03
    if tie_swap:
        s.emit("mutation", screen="signup", properties={"operation": "create_account", "outcome": "succeeded"})
    s.emit("action", screen="welcome", action="get_started")
    s.emit("child_finished", properties={"reason": "finished"})
    # Edge case: home shown before the account exists (out of order).
    if rng.random() < 0.02:
        s.emit("screen_shown", screen="home")
    order = ["signup", "profile"] if s.variant != "signup-after-profile" else ["profile", "signup"]
    for screen in order:
        s.emit("screen_shown", screen=screen)
        while True:
            s.think(2000, 40_000)
            r = rng.random()
            if r < 0.06:
                s.emit("back", screen=screen, properties={"to": "welcome"})
                s.think(500, 3000)
                s.emit("screen_shown", screen="welcome")
                s.think(500, 3000)
                s.emit("action", screen="welcome", action="get_started")
                s.emit("screen_shown", screen=screen)
                continue
            if r < 0.17:
                s.emit("flow_abandoned", screen=screen)
                return
            op = "create_account" if screen == "signup" else "save_profile"
            if r < 0.27:
                s.emit("mutation", screen=screen, properties={"operation": op, "outcome": "failed",
                                                                 "reason": rng.choice(["network", "taken", "invalid"])})
                continue
            s.emit("mutation", screen=screen, properties={"operation": op, "outcome": "succeeded"})
            break
    # Edge case: a user whose clock jumps backwards (breaks the time-order assumption).
    if rng.random() < 0.01:
        s.now -= rng.randint(1, 120_000)
    s.think(200, 2000)
    s.emit("screen_shown", screen="home")
    s.think(0, 500)
    s.emit("flow_completed")


def user_events(rng, index):
    user = "u-%d" % index
    start = START_MS + rng.randint(0, 6 * 3_600_000)
    exposed = rng.random() < 0.9
    variant = rng.choice(VARIANTS) if exposed else (VARIANTS[0] if rng.random() < 0.7 else None)
    s = Session(rng, user, "s-%d-1" % index, EXPERIMENT if exposed else None, variant, start)
    walk(s, rng, exposed)
    events = s.events
    anchor = next((ms for ms, l in events if '"type":"exposure"' in l and EXPERIMENT in l and '"variant":null' not in l),
                  None)
    # Edge case: events exactly at the end of the window and one millisecond past it.
    if anchor is not None and rng.random() < 0.03:
        last = max(ms for ms, _ in events)
        edge = anchor + WINDOW_MS + (0 if rng.random() < 0.5 else 1)
        if edge >= last:
            s.now = edge
            s.emit("screen_shown", screen="home")
            s.emit("flow_completed")
    # Returning users: a second session later, sometimes within the window, mostly outside it.
    if rng.random() < 0.15:
        gap = rng.choice([rng.randint(60_000, 1_800_000), rng.randint(2 * 3_600_000, 30 * 3_600_000)])
        second_variant = variant
        if exposed and rng.random() < 0.3:
            second_variant = VARIANTS[1] if variant == VARIANTS[0] else VARIANTS[0]  # multi-variant
        second_exposed = exposed or rng.random() < 0.3  # some users are first exposed in their second session
        if second_exposed and second_variant is None:
            second_variant = rng.choice(VARIANTS)
        s2 = Session(rng, user, "s-%d-2" % index, EXPERIMENT if second_exposed else None, second_variant,
                     max(ms for ms, _ in events) + gap)
        walk(s2, rng, second_exposed)
        events = events + s2.events
    return events


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("--users", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    # Interleave users by time; each user's events keep their own order (ties and backwards stamps included).
    streams = [user_events(rng, i) for i in range(args.users)]
    heap = [(events[0][0], i, 0) for i, events in enumerate(streams) if events]
    heapq.heapify(heap)
    count = 0
    with open(args.out, "w") as out:
        while heap:
            _, i, j = heapq.heappop(heap)
            out.write(streams[i][j][1])
            out.write("\n")
            count += 1
            if j + 1 < len(streams[i]):
                # A user's next event is written after its previous one, even when stamped earlier.
                heapq.heappush(heap, (max(streams[i][j + 1][0], streams[i][j][0]), i, j + 1))
    print("wrote %d events for %d users to %s" % (count, args.users, args.out))


if __name__ == "__main__":
    main()
