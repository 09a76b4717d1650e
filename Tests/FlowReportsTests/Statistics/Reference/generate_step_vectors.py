#!/usr/bin/env python3
"""Writes the reference vectors of the step decomposition, Resources/step-vectors.json.

Written from docs/Statistics.md, "Where in the flow: the step decomposition", alone: the cells of each arm (users by
furthest step reached and whether they converted) give each term's counts, reading, ratio, log variance (the
multinomial delta method), interval (delta method on the log scale, or Koopman's score interval near a rate of 0 or
1, its bounds found here with scipy's brentq), p-value, adjusted p-value (Holm or Benjamini-Hochberg over the tested
terms), adjusted interval (at z' = max(z, z s / z(p_adj))) and share of pT - pC (L(pT, pC) ln t). The Swift tests
(StepDecompositionReferenceTests) compare every number to 1e-9.

Usage: python3 generate_step_vectors.py   (needs numpy and scipy; deterministic, seed below)
"""

import json
import math
import pathlib

import numpy as np
from scipy import optimize, stats

SEED = 20261128
OUTPUT = pathlib.Path(__file__).resolve().parent.parent / "Resources" / "step-vectors.json"
MINIMUM_COUNT = 10

rng = np.random.default_rng(SEED)


def finite_or_none(value):
    return value if value is not None and math.isfinite(value) else None


# ---------------------------------------------------------------- counts of an arm


def arm_counts(cells):
    """n_k for k = 0..K (users of cells j >= k) and g (converted users), from the cells."""
    not_converted, converted = cells
    steps = len(not_converted) - 1
    reached = [sum(not_converted[j] + converted[j] for j in range(k, steps + 1)) for k in range(steps + 1)]
    return reached, sum(converted), all(c == 0 for c in converted[:-1])


def term_counts(cells):
    """(x, m) per term: step k has x = n_k of m = n_(k-1); the goal x = g of m = n_K."""
    reached, goal, _ = arm_counts(cells)
    steps = len(reached) - 1
    return [(reached[k], reached[k - 1]) for k in range(1, steps + 1)] + [(goal, reached[steps])]


def covariance(cells):
    """Cov(ln r_s, ln r_t) = sum_i c_i a_s(i) a_t(i), a(i) = [i in x]/x - [i in m]/m; rows of terms without a log are 0."""
    not_converted, converted = cells
    steps = len(not_converted) - 1
    cell_list = [(j, False, not_converted[j]) for j in range(steps + 1)] + [(j, True, converted[j]) for j in range(steps + 1)]
    counts = term_counts(cells)
    gradients = []
    for index, (x, m) in enumerate(counts):
        term = index + 1
        if x == 0 or m == 0:
            gradients.append(None)
            continue
        row = []
        for j, is_converted, _ in cell_list:
            in_x = (j >= term) if term <= steps else is_converted
            in_m = (j >= term - 1) if term <= steps else (j == steps)
            row.append((1 / x if in_x else 0) - (1 / m if in_m else 0))
        gradients.append(row)
    size = len(counts)
    matrix = [[0.0] * size for _ in range(size)]
    for s in range(size):
        for t in range(size):
            if gradients[s] is None or gradients[t] is None:
                continue
            matrix[s][t] = math.fsum(c * gradients[s][i] * gradients[t][i] for i, (_, _, c) in enumerate(cell_list))
    return matrix


# ---------------------------------------------------------------- Koopman's score interval


def score_statistic(log_theta, xt, mt, xc, mc):
    theta = math.exp(log_theta)
    a = (mt + mc) * theta
    b = -(mt * theta + xt + mc + xc * theta)
    c = xt + xc
    rc = 2 * c / (-b + math.sqrt(max(b * b - 4 * a * c, 0.0)))
    rt = min(theta * rc, 1.0)
    variance = rt * (1 - rt) / mt + theta * theta * rc * (1 - rc) / mc
    difference = xt / mt - theta * xc / mc
    if variance <= 0:
        return 0.0 if difference == 0 else math.copysign(math.inf, difference)
    return difference / math.sqrt(variance)


def score_root(target, xt, mt, xc, mc):
    """The ln theta where S crosses target, bracketed from the half-count estimate up to 64 away; None past that."""
    center = math.log((xt + 0.5) / (mt + 1)) - math.log((xc + 0.5) / (mc + 1))
    f = lambda lt: score_statistic(lt, xt, mt, xc, mc) - target
    step = 0.25
    direction = 1 if f(center) > 0 else -1
    previous = center
    while step <= 64:
        trial = center + direction * step
        if (f(trial) > 0) != (f(previous) > 0):
            return optimize.brentq(f, min(previous, trial), max(previous, trial), xtol=1e-15, rtol=1e-15, maxiter=500)
        previous = trial
        step *= 2
    return None


def score_interval(xt, mt, xc, mc, z):
    lower = 0.0
    if xt > 0:
        root = score_root(z, xt, mt, xc, mc)
        lower = math.exp(root) if root is not None else 0.0
    upper = None
    if xc > 0:
        root = score_root(-z, xt, mt, xc, mc)
        upper = finite_or_none(math.exp(root)) if root is not None else None
    return lower, upper


def pooled_z(xt, mt, xc, mc):
    pooled = (xt + xc) / (mt + mc)
    return (xt / mt - xc / mc) / math.sqrt(pooled * (1 - pooled) * (1 / mt + 1 / mc))


# ---------------------------------------------------------------- corrections


def holm(p):
    order = sorted(range(len(p)), key=lambda i: p[i])
    adjusted = [1.0] * len(p)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, (len(p) - rank) * p[i])
        adjusted[i] = min(1.0, running)
    return adjusted


def benjamini_hochberg(p):
    order = sorted(range(len(p)), key=lambda i: p[i])
    adjusted = [1.0] * len(p)
    running = 1.0
    for rank in reversed(range(len(order))):
        i = order[rank]
        running = min(running, len(p) * p[i] / (rank + 1))
        adjusted[i] = running
    return adjusted


# ---------------------------------------------------------------- the decomposition


def decompose(treatment, control, alpha, correction):
    z = stats.norm.isf(alpha / 2)
    for cells in (treatment, control):
        if any(c < 0 for c in cells[0] + cells[1]):
            return {"refusal": "invalid_counts"}
    if len(treatment[0]) != len(control[0]):
        return {"refusal": "step_counts_differ"}
    (reached_t, goal_t, nested_t), (reached_c, goal_c, nested_c) = arm_counts(treatment), arm_counts(control)
    if reached_t[0] == 0 or reached_c[0] == 0:
        return {"refusal": "empty_arm"}
    for reached, goal in ((reached_t, goal_t), (reached_c, goal_c)):
        if goal > 0 and any(n == 0 for n in reached[1:]):
            return {"refusal": "converted_without_reaching_step"}
    steps = len(reached_t) - 1
    nested = nested_t and nested_c
    cov_t, cov_c = covariance(treatment), covariance(control)
    terms = []
    for index, ((xt, mt), (xc, mc)) in enumerate(zip(term_counts(treatment), term_counts(control))):
        is_goal = index == steps
        rate_t = (not is_goal) or nested_t
        rate_c = (not is_goal) or nested_c
        binomial = (not is_goal) or nested
        term = {"reading": None, "method": None, "ratio": None, "logRatio": None, "logVariance": None, "lower": None,
                "upper": None, "pValue": None, "statistic": None, "x": (xt, mt, xc, mc)}
        if mt == 0 or mc == 0:
            term["reading"] = ("not_reached_in_either" if mt == 0 and mc == 0
                               else "not_reached_in_treatment" if mt == 0 else "not_reached_in_control")
        elif rate_t and rate_c and xt == mt and xc == mc:
            term.update(reading="structural", ratio=1.0, logRatio=0.0, logVariance=0.0)
        elif xt == 0 or xc == 0:
            term["reading"] = ("nobody_passes" if xt == 0 and xc == 0 else "ends_in_treatment" if xt == 0 else "ends_in_control")
            if term["reading"] == "ends_in_treatment":
                term["ratio"] = 0.0
            if term["reading"] != "nobody_passes" and binomial:
                term["method"] = "score"
        else:
            log_ratio = math.log(xt / mt) - math.log(xc / mc)
            term.update(ratio=(xt / mt) / (xc / mc), logRatio=log_ratio, logVariance=cov_t[index][index] + cov_c[index][index])
            if binomial and min(xt, mt - xt, xc, mc - xc) < MINIMUM_COUNT:
                term.update(reading="near_boundary", method="score")
            else:
                term.update(reading="measured", method="delta_log")
        if term["method"] == "delta_log":
            statistic = abs(term["logRatio"]) / math.sqrt(term["logVariance"])
            term.update(statistic=statistic, pValue=min(1.0, 2 * stats.norm.sf(statistic)))
        elif term["method"] == "score":
            statistic = abs(pooled_z(xt, mt, xc, mc))
            term.update(statistic=statistic, pValue=min(1.0, 2 * stats.norm.sf(statistic)))
        if term["method"] is not None:
            term["lower"], term["upper"] = interval(term, z)
        terms.append(term)

    tested = [t for t in terms if t["method"] is not None]
    adjusted = (holm if correction == "holm" else benjamini_hochberg)([t["pValue"] for t in tested])
    for term, p in zip(tested, adjusted):
        term["adjustedPValue"] = p
        term["found"] = bool(p < alpha)
        if p >= 1:
            term["adjustedLower"], term["adjustedUpper"] = 0.0, None
        else:
            adjusted_z = stats.norm.isf(p / 2)
            corrected = z if not math.isfinite(adjusted_z) else max(z, z * term["statistic"] / adjusted_z)
            term["adjustedLower"], term["adjustedUpper"] = interval(term, corrected)

    p_t, p_c = goal_t / reached_t[0], goal_c / reached_c[0]
    if p_t > 0 and p_c > 0:
        mean = p_t if p_t == p_c else (p_t - p_c) / math.log1p((p_t - p_c) / p_c)
        for term in terms:
            term["contribution"] = mean * (term["logRatio"] or 0.0)
    else:
        for term in terms:
            term["contribution"] = 0.0
        ending = "ends_in_control" if p_t > 0 else "ends_in_treatment" if p_c > 0 else None
        for term in terms:
            if term["reading"] == ending:
                term["contribution"] = p_t - p_c
                break

    defined = [t["logRatio"] is not None for t in terms]
    matrix = [[cov_t[s][t] + cov_c[s][t] if defined[s] and defined[t] else 0.0 for t in range(len(terms))]
              for s in range(len(terms))]
    end_to_end = (1 / goal_t - 1 / reached_t[0] + 1 / goal_c - 1 / reached_c[0]) if goal_t > 0 and goal_c > 0 else None
    for term in terms:
        del term["statistic"], term["x"]
    return {"refusal": None, "logRatioVariance": end_to_end, "covariance": matrix, "terms": terms,
            "difference": p_t - p_c, "ratio": p_t / p_c if p_c > 0 else None}


def interval(term, z):
    if term["method"] == "delta_log":
        half = z * math.sqrt(term["logVariance"])
        upper = math.exp(term["logRatio"] + half) if term["logRatio"] + half < 709 else math.inf
        return math.exp(term["logRatio"] - half), finite_or_none(upper)
    xt, mt, xc, mc = term["x"]
    return score_interval(xt, mt, xc, mc, z)


# ---------------------------------------------------------------- the cases


def simulated_cells(users, step_rates, goal_rate, shortcut_rate):
    steps = len(step_rates)
    not_converted = [0] * (steps + 1)
    converted = [0] * (steps + 1)
    remaining = users
    for j in range(steps + 1):
        passing = rng.binomial(remaining, step_rates[j]) if j < steps else 0
        stopped = remaining - passing
        rate = goal_rate if j == steps else shortcut_rate
        conversions = int(rng.binomial(stopped, rate))
        converted[j] = conversions
        not_converted[j] = int(stopped - conversions)
        remaining = int(passing)
    return [not_converted, converted]


def random_rate():
    kind = rng.integers(0, 10)
    if kind == 0:
        return 1.0
    if kind == 1:
        return float(rng.choice([0.999, 0.9995, 0.998, 0.99]))
    if kind == 2:
        return float(rng.choice([0.001, 0.003, 0.0]))
    return float(rng.uniform(0.2, 0.98))


cases = []
for _ in range(240):
    steps = int(rng.integers(0, 6))
    users = int(rng.choice([5, 20, 60, 300, 2000, 20000, 1_000_000]))
    control_rates = [random_rate() for _ in range(steps)]
    treatment_rates = [r if rng.random() < 0.5 else random_rate() for r in control_rates]
    goal = float(rng.choice([1.0, rng.uniform(0.3, 0.95)]))
    shortcut = float(rng.choice([0.0, 0.0, 0.02, 0.2]))
    cases.append((simulated_cells(users, treatment_rates, goal, shortcut),
                  simulated_cells(int(users * rng.uniform(0.9, 1.1)) + 1, control_rates, goal, shortcut)))
cases += [
    ([[0, 300, 200, 0], [0, 0, 0, 500]], [[0, 350, 250, 0], [0, 0, 0, 400]]),          # structural first step and goal
    ([[0, 0, 2400], [0, 0, 600]], [[3, 0, 2380], [0, 0, 617]]),                        # a rate of 1 in one arm only
    ([[100, 400, 0, 0], [0, 0, 0, 0]], [[90, 110, 100, 50], [0, 0, 0, 150]]),          # treatment's chain ends
    ([[90, 110, 100, 50], [0, 0, 0, 150]], [[100, 400, 0, 0], [0, 0, 0, 0]]),          # control's chain ends
    ([[50, 50, 0], [0, 0, 0]], [[40, 60, 0], [0, 0, 0]]),                              # nobody passes, then not reached
    ([[300, 250, 10], [30, 30, 40]], [[320, 260, 80], [5, 5, 30]]),                    # goal not nested
    ([[3, 1, 1], [0, 0, 2]], [[2, 2, 0], [0, 0, 3]]),                                  # tiny counts
    ([[0], [7]], [[0], [9]]),                                                          # no steps, everyone converts
    ([[600], [400]], [[650], [350]]),                                                  # no steps
    ([[100, 100], [0, 0]], [[0, 0], [0, 0]]),                                          # empty control: refused
    ([[90, 0, 0], [10, 0, 0]], [[50, 30, 20], [0, 0, 20]]),                            # converted without step 1: refused
]

vectors = []
for index, (treatment, control) in enumerate(cases):
    alpha = float(rng.choice([0.05, 0.05, 0.1, 0.01]))
    correction = "holm" if index % 2 == 0 else "benjamini-hochberg"
    result = decompose(treatment, control, alpha, correction)
    vectors.append({"treatment": {"notConverted": treatment[0], "converted": treatment[1]},
                    "control": {"notConverted": control[0], "converted": control[1]},
                    "alpha": alpha, "correction": correction, **result})

OUTPUT.write_text(json.dumps({"seed": SEED, "cases": vectors}, indent=1, allow_nan=False) + "\n")
print(f"wrote {len(vectors)} cases to {OUTPUT}")
