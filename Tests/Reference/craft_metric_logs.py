#!/usr/bin/env python3
"""Writes a JSON Lines log of checkout shoppers crafted for the metrics a team defines, seeded.

    craft_metric_logs.py OUT.jsonl --seed S [--users N] [--experiment KEY]

Random shoppers of `multi-step-checkout` and `one-page-checkout` place orders whose `amount_cents` property is
written in every spelling JSON's number grammar allows (`4599`, `45.99`, `4.599e3`, `-0`, `0.0`) and, for a few,
in spellings it does not (`abc`, `NaN`, ` 12`, `0x10`, `12.`, `.5`, `+5`, `1e999`, empty, missing), so a sum
skips them and counts them. Beside them, shoppers at the edges of the rules:

- a confirmation in the same millisecond as the cart, its line first: a duration of 0;
- a confirmation before the cart, then one after it: the duration ends at the later one;
- orders at exactly the end of the funnel's window (counted) and one millisecond after it (not), and one
  millisecond before the exposure (not);
- a later exposure written before the earlier one (the earlier one anchors the user);
- a shopper exposed to both variants (left out), one exposed to a variant the config does not list (not an
  analysed arm, so not in a pooled cap), an exposure without a variant (not an exposure);
- a refund (a negative amount, and `-0`);
- an order whose amount is not a number and nothing else (a matching event: a quantile of revenue counts the
  shopper, at 0);
- an order attributed to another experiment (an event of the user all the same).

The funnel window the edges assume is 300 seconds (`--window-seconds`).
"""

import argparse
import json
import random
from datetime import datetime, timezone

START_MS = 1_793_000_000_000  # 2026-10-27, in the range the simulator's logs use
VARIANTS = ["multi-step-checkout", "one-page-checkout"]
VALID = ["{:d}", "{:.2f}", "{:.1e}", "{:.3E}", "{:.0f}"]
INVALID = ["abc", "NaN", "Infinity", " 12", "0x10", "12.", ".5", "+5", "1e999", "", "1,5", "01"]


def iso(ms):
    seconds, millis = divmod(ms, 1000)
    return datetime.fromtimestamp(seconds, tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%S") + f".{millis:03d}Z"


class Log:
    def __init__(self, experiment):
        self.experiment = experiment
        self.lines = []

    def event(self, user, ms, kind, variant, screen=None, action=None, properties=None, experiment=None):
        self.lines.append(json.dumps({
            "schema": 1, "time": iso(ms), "session": f"s-{user}", "user": user,
            "experiment": self.experiment if experiment is None else experiment, "variant": variant, "type": kind,
            "screen": screen, "action": action, "properties": dict(sorted((properties or {}).items())),
        }, separators=(",", ":")))

    def exposure(self, user, ms, variant):
        self.event(user, ms, "exposure", variant, properties={"slot": "checkout-flow", "bucket": "0.5"})

    def order(self, user, ms, variant, amount=None, outcome="succeeded", reason=None):
        properties = {"operation": "place_order", "outcome": outcome}
        if amount is not None:
            properties["amount_cents"] = amount
        if reason is not None:
            properties["reason"] = reason
        self.event(user, ms, "mutation", variant, screen="payment", properties=properties)


def amount_text(rng):
    cents = rng.lognormvariate(8, 1)
    if rng.random() < 0.06:
        return rng.choice(INVALID)
    spelling = rng.choice(VALID)
    return spelling.format(int(cents)) if spelling == "{:d}" else spelling.format(cents / (100 if "f" in spelling else 1))


def random_shopper(log, rng, index, ms):
    user = f"crafted-{index}"
    variant = rng.choice(VARIANTS)
    log.exposure(user, ms, variant)
    log.event(user, ms, "screen_shown", variant, screen="cart")
    clock = ms
    for _ in range(rng.choice([0, 1, 1, 1, 2, 3])):
        clock += rng.randint(0, 90_000)
        if rng.random() < 0.15:
            log.order(user, clock, variant, outcome="failed", reason="card_declined")
            log.event(user, clock, "back", variant, screen="payment", properties={"to": "cart"})
            continue
        amount = None if rng.random() < 0.03 else amount_text(rng)
        log.order(user, clock, variant, amount)
        if rng.random() < 0.8:
            log.event(user, clock + rng.choice([0, 0, 1, 250]), "screen_shown", variant, screen="confirmation")
    if rng.random() < 0.5:
        log.event(user, clock + rng.randint(0, 400_000), "flow_completed", variant, screen="confirmation")


def edge_shoppers(log, ms, window_ms):
    a, b = VARIANTS
    # A confirmation in the cart's millisecond, its line first: 0 seconds whatever the order.
    log.exposure("edge-tie", ms, a)
    log.event("edge-tie", ms + 5_000, "screen_shown", a, screen="confirmation")
    log.event("edge-tie", ms + 5_000, "screen_shown", a, screen="cart")
    log.order("edge-tie", ms + 5_000, a, "1000")
    # A confirmation before the cart does not end the duration; the one after it does.
    log.exposure("edge-end-before-start", ms, b)
    log.event("edge-end-before-start", ms + 1_000, "screen_shown", b, screen="confirmation")
    log.event("edge-end-before-start", ms + 2_000, "screen_shown", b, screen="cart")
    log.event("edge-end-before-start", ms + 4_500, "screen_shown", b, screen="confirmation")
    # The window's ends: the exposure's millisecond and the last one count, the next and the one before do not.
    log.exposure("edge-window", ms, a)
    log.order("edge-window", ms - 1, a, "7")
    log.order("edge-window", ms, a, "100")
    log.order("edge-window", ms + window_ms, a, "20000")
    log.order("edge-window", ms + window_ms + 1, a, "500000")
    log.event("edge-window", ms + window_ms, "screen_shown", a, screen="cart")
    log.event("edge-window", ms + window_ms, "screen_shown", a, screen="confirmation")
    # The earlier exposure anchors the user, though its line comes second.
    log.exposure("edge-late-line", ms + 60_000, b)
    log.exposure("edge-late-line", ms + 1_000, b)
    log.order("edge-late-line", ms + 30_000, b, "4599")
    log.event("edge-late-line", ms + 30_000, "screen_shown", b, screen="confirmation")
    # Both variants: left out of everything.
    log.exposure("edge-both", ms, a)
    log.exposure("edge-both", ms + 10, b)
    log.order("edge-both", ms + 20, a, "99999999")
    # A variant the config does not list: its own arm, not analysed, not in a pooled cap.
    for index in range(3):
        log.exposure(f"edge-stray-{index}", ms, "express-checkout")
        log.order(f"edge-stray-{index}", ms + 1, "express-checkout", "88888888")
    # An exposure without a variant is not one; this user is in no arm.
    log.event("edge-no-variant", ms, "exposure", None, properties={"slot": "checkout-flow"})
    log.order("edge-no-variant", ms + 1, None, "77777777")
    # An order whose amount is not a number, and nothing else.
    log.exposure("edge-only-invalid", ms, b)
    log.order("edge-only-invalid", ms + 2_000, b, "twelve")
    # Refunds: negative amounts, and a negative zero.
    log.exposure("edge-refund", ms, a)
    log.order("edge-refund", ms + 1_000, a, "-250")
    log.order("edge-refund", ms + 2_000, a, "-0")
    # An event attributed to another experiment is the user's all the same.
    log.exposure("edge-other-experiment", ms, a)
    log.event("edge-other-experiment", ms + 3_000, "mutation", "other-variant", screen="payment",
              properties={"operation": "place_order", "outcome": "succeeded", "amount_cents": "2500"},
              experiment="another-test")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--users", type=int, default=600)
    parser.add_argument("--experiment", default="checkout-layout")
    parser.add_argument("--window-seconds", type=int, default=300)
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    log = Log(arguments.experiment)
    for index in range(arguments.users):
        random_shopper(log, rng, index, START_MS + index * 7_919)
    edge_shoppers(log, START_MS + arguments.users * 7_919 + 1_000_000, arguments.window_seconds * 1000)
    with open(arguments.out, "w", encoding="utf-8") as handle:
        handle.write("\n".join(log.lines) + "\n")


if __name__ == "__main__":
    main()
