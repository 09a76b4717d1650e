#!/usr/bin/env python3
"""An independent reference for the metrics a team defines in an experiment config.

Written from the rules in docs/Statistics.md ("Counting rules", "Metrics a team defines: the statistics")
and docs/Events.md, not from the Swift engine. It reads JSON Lines logs (any line order, any number of files,
undecodable lines such as a partial last line skipped) and a config, and prints, as JSON, every experiment's
comparisons of its goals, guardrails and metrics, one row per metric and treatment, in the field names of
`switchyard report --format json` (`experiments[].metrics[]`).

    defined_metrics.py --config CONFIG [--alpha 0.05] LOG [LOG ...]

Per arm: users measured, the arm's value (share, mean, ratio or quantile), the nearest-rank median of a
duration, the users who never reached a duration's end, the invalid values of a sum, the cap. Per treatment:
the absolute difference with its Welch interval and p-value (scipy's Student t with the Welch-Satterthwaite
degrees of freedom), the relative difference with its delta-method interval, and the p-value adjusted across
the experiment's metrics x treatments (Holm or Benjamini-Hochberg). A quantile's variance is gbstats' formula as
Statistics.md states it; when gbstats 0.8.0 can be imported, its `QuantileStatistic` and `TwoSidedTTest` are run
on the same order statistics and must agree (the script stops otherwise), and the rows say `"gbstats": true`.

Needs scipy. Exit status 2 on a usage or input error.
"""

import argparse
import json
import math
import re
import sys
from datetime import datetime, timezone
from fractions import Fraction

from scipy import stats

try:  # A cross-check of the quantiles' inference; nothing depends on it.
    from gbstats.frequentist.tests import FrequentistConfig, TwoSidedTTest
    from gbstats.models.statistics import QuantileStatistic

    HAVE_GBSTATS = True
except ImportError:  # pragma: no cover - depends on the machine
    HAVE_GBSTATS = False

EVENT_TYPES = {
    "session_started", "exposure", "assignment", "screen_shown", "action", "back", "child_started",
    "child_finished", "mutation", "flow_completed", "flow_abandoned",
}
BUILT_IN = {"back_navigations", "failed_mutations", "time_to_complete"}
TIME = re.compile(r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?Z")
JSON_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
Z_BOUNDS = 1.96  # the multiplier of the quantile's order-statistic levels and its testability rule (Statistics.md)
Z_VARIANCE = float(stats.norm.ppf(0.975))  # gbstats' multiplier in the quantile's variance


# ---------------------------------------------------------------------------------------------- reading


def milliseconds(text):
    """Milliseconds since 1970 of an ISO 8601 UTC time, or None."""
    if not isinstance(text, str):
        return None
    match = TIME.fullmatch(text)
    if not match:
        return None
    year, month, day, hour, minute, second = (int(part) for part in match.groups()[:6])
    fraction = (match.group(7) or "0").ljust(3, "0")[:3]
    try:
        moment = datetime(year, month, day, hour, minute, second, tzinfo=timezone.utc)
    except ValueError:
        return None
    return int(moment.timestamp()) * 1000 + int(fraction)


def read_events(paths):
    """Every decodable event of the logs, each once, as dicts with an integer `ms`, by user; and the lines skipped.

    An event is known by its user, session and `seq` (docs/Events.md, "Each event counted once"); a line without
    `seq` by everything it says. A second line with an identity already read is a duplicate delivery."""
    by_user = {}
    skipped = 0
    seen = set()
    for path in paths:
        with open(path, "rb") as handle:
            for raw in handle:
                try:
                    event = json.loads(raw.decode("utf-8"))
                except (UnicodeDecodeError, ValueError):
                    skipped += 1
                    continue
                if not isinstance(event, dict) or event.get("schema") != 1 or event.get("type") not in EVENT_TYPES:
                    skipped += 1
                    continue
                ms = milliseconds(event.get("time"))
                user = event.get("user")
                properties = event.get("properties") or {}
                if ms is None or not isinstance(user, str) or not isinstance(properties, dict):
                    skipped += 1
                    continue
                sequence = event.get("seq")
                if sequence is None:
                    identity = (user, json.dumps(event, sort_keys=True))
                else:
                    identity = (user, event.get("session"), sequence)
                if identity in seen:
                    continue
                seen.add(identity)
                event["ms"] = ms
                event["properties"] = properties
                by_user.setdefault(user, []).append(event)
    return by_user, skipped


def matches(matcher, event):
    """Whether `event` matches an event matcher of the config (type, screen, action, properties)."""
    if event.get("type") != matcher["type"]:
        return False
    for key in ("screen", "action"):
        if key in matcher and event.get(key) != matcher[key]:
            return False
    properties = event["properties"]
    return all(properties.get(key) == value for key, value in (matcher.get("properties") or {}).items())


def json_number(text):
    """The finite number a property spells in JSON's number grammar, or None."""
    if not isinstance(text, str) or not JSON_NUMBER.fullmatch(text):
        return None
    value = float(text)
    return value if math.isfinite(value) else None


# ---------------------------------------------------------------------------------------------- metrics


class Measure:
    """One metric of kind proportion, mean or duration, as measured per user."""

    def __init__(self, definition, window_ms, goal):
        self.id = definition["id"]
        self.kind = definition["kind"]
        self.window_ms = window_ms
        self.cap = definition.get("cap")
        if self.kind in ("proportion", "mean"):
            self.event = definition["event"]
            self.value = definition.get("value")
        elif self.kind == "duration":
            start = definition.get("from", "exposure")
            self.start = None if start == "exposure" else start
            self.end = definition["to"]
        self.goal = goal

    def of_user(self, events, anchor):
        """(value, has a value, invalid values) of one user, from their events (any order) and anchor."""
        window = [event for event in events if anchor <= event["ms"] <= anchor + self.window_ms]
        if self.kind == "duration":
            if self.start is None:
                start = anchor
            else:
                starts = [event["ms"] for event in window if matches(self.start, event)]
                if not starts:
                    return 0.0, False, 0
                start = min(starts)
            ends = [event["ms"] for event in window if event["ms"] >= start and matches(self.end, event)]
            if not ends:
                return 0.0, False, 0
            return (min(ends) - start) / 1000.0, True, 0
        matching = [event for event in window if matches(self.event, event)]
        if self.kind == "proportion":
            return (1.0 if matching else 0.0), bool(matching), 0
        if self.value is None:
            return float(len(matching)), bool(matching), 0
        numbers = [json_number(event["properties"].get(self.value)) for event in matching]
        total = compensated_sum(sorted(number for number in numbers if number is not None))
        return total, bool(matching), sum(1 for number in numbers if number is None)

    def thresholds(self, pooled):
        """(lower, upper, zeros left as they are) this measure's users are held between, from every analysed arm's
        users pooled; None for no cap, and None on a side the cap does not set.

        `pooled` holds (value, has a value) per user: a duration's cap is over the users who reached its end, a
        count's or sum's over every user. A cap's value is a number (the upper side) or [lower, upper]."""
        if self.cap is None:
            return None
        if "absolute" in self.cap:
            lower, upper = sides(self.cap["absolute"])
            return lower, upper, False
        ignore_zeros = self.cap.get("ignoreZeros", False)
        values = [value for value, present in pooled if present or self.kind != "duration"]
        if ignore_zeros:
            values = [value for value in values if value != 0]
        values.sort()
        lower, upper = sides(self.cap["percentile"])
        return percentile_cont(values, lower), percentile_cont(values, upper), ignore_zeros


def sides(cap_value):
    """(lower, upper) of a cap's value: a number is the upper side alone."""
    if isinstance(cap_value, list):
        return (None if cap_value[0] is None else float(cap_value[0]), None if cap_value[1] is None else float(cap_value[1]))
    return None, float(cap_value)


def percentile_cont(values, share):
    """SQL's PERCENTILE_CONT of sorted `values`; None without values or without a share."""
    if share is None or not values:
        return None
    position = (len(values) - 1) * float(share)
    below = math.floor(position)
    above = min(below + 1, len(values) - 1)
    fraction = position - below
    if fraction == 0:
        return values[below]
    step = values[above] - values[below]
    if math.isinf(step):
        return (1 - fraction) * values[below] + fraction * values[above]
    return values[below] + fraction * step


def held(value, thresholds):
    """`value` held between the thresholds (a zero left alone when the cap ignores zeros)."""
    if thresholds is None:
        return value
    lower, upper, leaves_zeros = thresholds
    if leaves_zeros and value == 0:
        return value
    if lower is not None and value < lower:
        value = lower
    if upper is not None and value > upper:
        value = upper
    return value


def compensated_sum(ascending):
    """A user's sum of a property as Statistics.md defines it: the numbers in ascending order, added with Neumaier's
    compensation; a running sum beyond the largest float is kept as it is."""
    total, compensation = 0.0, 0.0
    for number in ascending:
        step = total + number
        if abs(total) >= abs(number):
            compensation += (total - step) + number
        else:
            compensation += (number - step) + total
        total = step
    return total + compensation if math.isfinite(total) else total


def built_in_definition(metric_id, goal):
    if metric_id == "back_navigations":
        return {"id": metric_id, "kind": "mean", "event": {"type": "back"}, "direction": "lower"}
    if metric_id == "failed_mutations":
        return {"id": metric_id, "kind": "mean", "event": {"type": "mutation", "properties": {"outcome": "failed"}},
                "direction": "lower"}
    return {"id": metric_id, "kind": "duration", "from": "exposure", "to": goal, "direction": "lower"}


def nearest_rank(sorted_values, level):
    """The smallest value with at least `level` of the values at or below it: rank ceil(level * n), the level
    read as the decimal it is written as."""
    rank = math.ceil(Fraction(repr(level)) * len(sorted_values))
    return sorted_values[max(rank, 1) - 1]


def order_statistic(sorted_values, level):
    """The order statistic at a bound's level (a float computed from the quantile): rank ceil(level * n)."""
    rank = math.ceil(level * len(sorted_values))
    return sorted_values[min(max(rank, 1), len(sorted_values)) - 1]


def n_star(n):
    grid = [100 * 2**k for k in range(20)]
    below = [value for value in grid if value < n]
    return below[-1] if below else 100


# ---------------------------------------------------------------------------------------------- per arm


class Arm:
    """One arm's statistic of one metric: estimate, unit variance, units, and why it cannot be tested."""

    def __init__(self, estimate, variance, n, limitation=None, median=None, missing=None, invalid=0, quantile=None):
        self.estimate = estimate
        self.variance = variance
        self.n = n
        self.limitation = limitation  # an arm's own reason, other than a lack of variance
        self.median = median
        self.missing = missing
        self.invalid = invalid
        self.quantile = quantile  # the gbstats QuantileStatistic's fields


def exact_sum(values):
    """The exact sum of floats, as a fraction: the reference's sums and variances are exact, then rounded once, so a
    variance that is 0 (every user's numerator equal to their denominator, say) is exactly 0, not rounding noise."""
    return sum((Fraction(value) for value in values), Fraction(0))


def sample_variance(values):
    n = len(values)
    if n < 2:
        return 0.0
    total = exact_sum(values)
    return float((exact_sum(value * Fraction(value) for value in values) - total * total / n) / (n - 1))


def value_arm(kind, values, present, invalid):
    """A proportion, mean or duration arm from its users' capped values."""
    if kind == "duration":
        reached = [value for value, has in zip(values, present) if has]
        n = len(reached)
        if n == 0:
            return Arm(None, 0.0, 0, "empty_arm", missing=len(values))
        median = nearest_rank(sorted(reached), 0.5)
        return Arm(float(exact_sum(reached) / n), sample_variance(reached), n, median=median, missing=len(values) - n)
    n = len(values)
    if n == 0:
        return Arm(None, 0.0, 0, "empty_arm", invalid=invalid)
    mean = float(exact_sum(values) / n)
    variance = mean * (1 - mean) if kind == "proportion" else sample_variance(values)
    return Arm(mean, variance, n, invalid=invalid)


def ratio_arm(numerators, denominators, numerator_is_share, denominator_is_share, invalid):
    n = len(numerators)
    if n == 0:
        return Arm(None, 0.0, 0, "empty_arm", invalid=invalid)
    sum_m, sum_d = exact_sum(numerators), exact_sum(denominators)
    if sum_d == 0:
        return Arm(None, 0.0, n, "ratio_denominator_zero", invalid=invalid)
    mean_m, mean_d = sum_m / n, sum_d / n

    def variance_of(values, total, mean, is_share):
        if is_share:
            return mean * (1 - mean)
        return (exact_sum(value * Fraction(value) for value in values) - total * total / n) / (n - 1) if n > 1 else Fraction(0)

    var_m = variance_of(numerators, sum_m, mean_m, numerator_is_share)
    var_d = variance_of(denominators, sum_d, mean_d, denominator_is_share)
    products = exact_sum(Fraction(m) * Fraction(d) for m, d in zip(numerators, denominators))
    covariance = (products - sum_m * sum_d / n) / (n - 1) if n > 1 else Fraction(0)
    # Fieller's condition (Statistics.md): a denominator mean within 1.96 standard errors of 0 is not divided by.
    if n > 1 and mean_d**2 <= Z_BOUNDS**2 * var_d / n:
        return Arm(float(sum_m / sum_d), 0.0, n, "ratio_denominator_uncertain", invalid=invalid)
    variance = var_m / mean_d**2 - 2 * covariance * mean_m / mean_d**3 + mean_m**2 * var_d / mean_d**4
    return Arm(float(sum_m / sum_d), float(variance), n, invalid=invalid)


def quantile_arm(values, level, invalid):
    n = len(values)
    if n == 0:
        return Arm(None, 0.0, 0, "empty_arm", invalid=invalid)
    ordered = sorted(values)
    estimate = nearest_rank(ordered, level)
    if n <= Z_BOUNDS**2 * level / (1 - level) or n <= Z_BOUNDS**2 * (1 - level) / level:
        return Arm(estimate, 0.0, n, "too_few_values_for_quantile", invalid=invalid)
    star = n_star(n)
    spread = Z_BOUNDS * math.sqrt(level * (1 - level) / star)
    lower_level = min(max(level - spread, 1e-8), 1 - 1e-8)
    upper_level = min(max(level + spread, 1e-8), 1 - 1e-8)
    lower, upper = order_statistic(ordered, lower_level), order_statistic(ordered, upper_level)
    fields = dict(n=n, n_star=star, nu=level, quantile_hat=estimate, quantile_lower=lower, quantile_upper=upper)
    if lower == upper and n < 1000:
        # Statistics.md: such an arm cannot be tested; it has no variance to test with.
        return Arm(estimate, 0.0, n, "no_variance", invalid=invalid, quantile=fields)
    variance = (star / n) * (n - 1) * ((upper - lower) / (2 * Z_VARIANCE)) ** 2
    if n >= 100:
        variance = max(variance, 1e-5)
    if HAVE_GBSTATS and abs(QuantileStatistic(**fields).variance - variance) > 1e-12 * max(variance, 1e-300):
        raise AssertionError(f"gbstats' quantile variance {QuantileStatistic(**fields).variance} differs from {variance}")
    return Arm(estimate, variance, n, invalid=invalid, quantile=fields)


# ---------------------------------------------------------------------------------------------- comparison


def limitation_of(treatment, control):
    for reason in ("empty_arm", "ratio_denominator_zero", "ratio_denominator_uncertain", "too_few_values_for_quantile", "no_variance"):
        if reason in (treatment.limitation, control.limitation):
            return reason
    if treatment.n < 2 or control.n < 2:
        return "no_variance"
    if treatment.variance == 0 and control.variance == 0:
        return "no_variance"
    return None


def t_test(estimate, squared_error, df, alpha):
    """Interval and two-sided p-value of an estimate under Student's t with `df` degrees of freedom."""
    error = math.sqrt(squared_error)
    if math.isfinite(df):
        critical = stats.t.ppf(1 - alpha / 2, df)
        p_value = 2 * stats.t.sf(abs(estimate / error), df)
    else:
        critical = stats.norm.ppf(1 - alpha / 2)
        p_value = 2 * stats.norm.sf(abs(estimate / error))
    return [estimate - critical * error, estimate + critical * error], float(p_value)


def compare(treatment, control, alpha, is_quantile):
    row = {}
    limitation = limitation_of(treatment, control)
    if treatment.estimate is not None and control.estimate is not None:
        row["difference"] = treatment.estimate - control.estimate
        if control.estimate != 0:
            row["relative_difference"] = (treatment.estimate - control.estimate) / control.estimate
    if limitation is not None:
        row["limitation"] = limitation
        row["p_value"] = 1.0  # what a correction takes for an untested comparison (Statistics.md)
        return row
    mean_t, mean_c = treatment.estimate, control.estimate
    a, b = treatment.variance / treatment.n, control.variance / control.n
    absolute_error = a + b
    df = absolute_error**2 / (a * a / (treatment.n - 1) + b * b / (control.n - 1))
    if not math.isfinite(df) or df <= 0:
        df = math.inf
    row["interval"], row["p_value"] = t_test(row["difference"], absolute_error, df, alpha)
    if mean_c == 0:
        row["limitation"] = "control_estimate_zero"
    else:
        relative_error = treatment.variance / (mean_c**2 * treatment.n) + control.variance * mean_t**2 / (mean_c**4 * control.n)
        row["relative_interval"], _ = t_test(row["relative_difference"], relative_error, df, alpha)
    if is_quantile and HAVE_GBSTATS:
        cross_check_with_gbstats(treatment, control, alpha, row)
    return row


def cross_check_with_gbstats(treatment, control, alpha, row):
    """gbstats' TwoSidedTTest on the same quantile statistics, where it gives a result (it declines when control's
    quantile is 0 or either arm has no variance), must give the row's intervals to 1e-9 of their width and its
    p-value to 1e-12 (its `2 * (1 - cdf)` loses digits that scipy's tail keeps)."""
    statistics = [QuantileStatistic(**arm.quantile) for arm in (control, treatment)]
    for kind, field in (("absolute", "interval"), ("relative", "relative_interval")):
        result = TwoSidedTTest(*statistics, config=FrequentistConfig(difference_type=kind, alpha=alpha)).compute_result()
        if result.error_message is not None or field not in row:
            continue
        width = row[field][1] - row[field][0]
        if any(abs(float(theirs) - ours) > 1e-9 * width for theirs, ours in zip(result.ci, row[field])):
            raise AssertionError(f"gbstats' {kind} interval {result.ci} differs from {row[field]}")
        if kind == "absolute" and abs(float(result.p_value) - row["p_value"]) > 1e-12:
            raise AssertionError(f"gbstats' p-value {result.p_value} differs from scipy's {row['p_value']}")
        row["gbstats"] = True


def adjust(p_values, correction):
    """Holm's or Benjamini-Hochberg's adjusted p-values, in the input's order."""
    m = len(p_values)
    order = sorted(range(m), key=lambda index: p_values[index])
    adjusted = [1.0] * m
    if correction == "benjamini-hochberg":
        running = 1.0
        for position in reversed(range(m)):
            index = order[position]
            running = min(running, p_values[index] * m / (position + 1))
            adjusted[index] = min(1.0, running)
    else:
        running = 0.0
        for position, index in enumerate(order):
            running = max(running, min(1.0, (m - position) * p_values[index]))
            adjusted[index] = running
    return adjusted


# ---------------------------------------------------------------------------------------------- experiments


def analyse(experiment, definitions, by_user, alpha):
    key = experiment["key"]
    funnel = experiment.get("funnel") or {}
    goal = funnel.get("goal", {"type": "flow_completed"})
    funnel_window = max(0, funnel.get("conversionWindowSeconds", 14 * 86400)) * 1000

    # Who is in the experiment: the variant of their first exposure, the multi-variant left out.
    anchors, variants = {}, {}
    for user, events in by_user.items():
        exposures = [event for event in events if event["type"] == "exposure" and event.get("experiment") == key
                     and isinstance(event.get("variant"), str)]
        if not exposures or len({event["variant"] for event in exposures}) > 1:
            continue
        anchors[user] = min(event["ms"] for event in exposures)
        variants[user] = exposures[0]["variant"]
    if not anchors:
        return None
    arms = list(experiment.get("variations") or sorted(set(variants.values())))
    control = arms[0]
    users_by_arm = {arm: sorted(user for user, variant in variants.items() if variant == arm) for arm in arms}

    def definition(metric_id):
        return built_in_definition(metric_id, goal) if metric_id in BUILT_IN else definitions[metric_id]

    measures = {}

    def measure(metric_id):
        """The per-arm columns (value, has a value, invalid) of a value metric, capped."""
        if metric_id in measures:
            return measures[metric_id]
        spec = definition(metric_id)
        window = round(spec["windowSeconds"] * 1000) if "windowSeconds" in spec else funnel_window
        unit = Measure(spec, window, goal)
        raw = {arm: [unit.of_user(by_user[user], anchors[user]) for user in users_by_arm[arm]] for arm in arms}
        threshold = unit.thresholds([(value, has) for arm in arms for value, has, _ in raw[arm]])
        capped = {arm: [(held(value, threshold), has, invalid) for value, has, invalid in raw[arm]] for arm in arms}
        measures[metric_id] = (unit, capped, threshold)
        return measures[metric_id]

    ids = []
    for metric_id in list(funnel.get("goals") or []) + list(funnel.get("guardrails") or []) + list(funnel.get("metrics") or []):
        if metric_id not in ids:
            ids.append(metric_id)
    goals = set(funnel.get("goals") or [])
    guardrails = set(funnel.get("guardrails") or []) - goals

    rows = []
    for metric_id in ids:
        spec = definition(metric_id)
        kind = spec["kind"]
        cap = None
        arm_statistics = {}
        for arm in arms:
            if kind in ("proportion", "mean", "duration"):
                unit, columns, cap = measure(metric_id)
                values = [value for value, _, _ in columns[arm]]
                present = [has for _, has, _ in columns[arm]]
                invalid = sum(count for _, _, count in columns[arm])
                arm_statistics[arm] = value_arm(kind, values, present, invalid)
            elif kind == "ratio":
                numerator, numerator_columns, numerator_cap = measure(spec["numerator"])
                denominator, denominator_columns, denominator_cap = measure(spec["denominator"])
                # A ratio's row has no cap of its own: its sides' caps are stated on their own metrics' rows.
                cap = None
                invalid = sum(count for _, _, count in numerator_columns[arm])
                if spec["denominator"] != spec["numerator"]:
                    invalid += sum(count for _, _, count in denominator_columns[arm])
                arm_statistics[arm] = ratio_arm(
                    [value for value, _, _ in numerator_columns[arm]], [value for value, _, _ in denominator_columns[arm]],
                    numerator.kind == "proportion", denominator.kind == "proportion", invalid,
                )
            else:
                of, columns, cap = measure(spec["of"])
                values = [value for value, has, _ in columns[arm] if has]
                invalid = sum(count for _, _, count in columns[arm])
                arm_statistics[arm] = quantile_arm(values, float(spec["quantile"]), invalid)
        for arm in arms[1:]:
            treatment, reference = arm_statistics[arm], arm_statistics[control]
            row = {
                "metric": metric_id,
                "kind": kind,
                "is_guardrail": metric_id in guardrails,
                "direction": spec.get("direction", "higher"),
                "variant": arm,
                "control": control,
                "treatment_users": treatment.n,
                "control_users": reference.n,
                "treatment_mean": treatment.estimate,
                "control_mean": reference.estimate,
            }
            if kind == "duration":
                row.update(treatment_median=treatment.median, control_median=reference.median,
                           treatment_missing_users=treatment.missing, control_missing_users=reference.missing)
            if treatment.invalid + reference.invalid > 0:
                row["invalid_values"] = treatment.invalid + reference.invalid
            if cap is not None:
                lower, upper, _ = cap
                if upper is not None:
                    row["cap"] = upper
                if lower is not None:
                    row["lower_cap"] = lower
            row.update(compare(treatment, reference, alpha, kind == "quantile"))
            rows.append(row)

    correction = (experiment.get("analysis") or {}).get("correction", "holm")
    adjusted = adjust([row.get("p_value", 1.0) for row in rows], correction)
    for row, p_value in zip(rows, adjusted):
        row["adjusted_p_value"] = p_value
        row["is_significant"] = p_value < alpha
        worse = row.get("difference", 0) > 0 if row["direction"] == "lower" else row.get("difference", 0) < 0
        row["is_significantly_worse"] = row["is_significant"] and worse
    excluded = sum(
        1 for events in by_user.values()
        if len({event["variant"] for event in events if event["type"] == "exposure" and event.get("experiment") == key
                and isinstance(event.get("variant"), str)}) > 1
    )
    return {"key": key, "control": control, "excluded_multi_variant_users": excluded, "metrics": rows}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--config", required=True)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("logs", nargs="+")
    arguments = parser.parse_args()
    try:
        with open(arguments.config, encoding="utf-8") as handle:
            config = json.load(handle)
        by_user, skipped = read_events(arguments.logs)
    except (OSError, ValueError) as error:
        print(f"defined_metrics.py: {error}", file=sys.stderr)
        return 2
    definitions = {spec["id"]: spec for spec in config.get("metrics") or []}
    experiments = []
    for experiment in config.get("experiments") or []:
        result = analyse(experiment, definitions, by_user, arguments.alpha)
        if result is not None:
            experiments.append(result)
    json.dump({"gbstats": HAVE_GBSTATS, "skipped_lines": skipped, "experiments": experiments}, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
