#!/usr/bin/env python3
"""Writes the reference vectors of the statistics of the metrics a team defines (proportion, mean, ratio,
quantile, duration), computed by GrowthBook's gbstats 0.8.0 and cross-checked with scipy and numpy.

* per-arm statistics       -> gbstats.models.statistics: ProportionStatistic, SampleMeanStatistic,
                              RatioStatistic, QuantileStatistic (mean, variance)
* fixed-horizon comparison -> gbstats.frequentist.tests.TwoSidedTTest, difference_type "absolute" and
                              "relative" (estimate, standard error, interval, p-value, degrees of freedom),
                              with the exact p-value 2 * scipy.stats.t.sf(|t|, dof) beside gbstats' own
* sequential comparison    -> gbstats.frequentist.tests.SequentialTwoSidedTTest (same two difference types)
* mean metrics             -> also scipy.stats.ttest_ind(equal_var=False) on the per-user values
* percentile caps          -> numpy.quantile(method="linear"), which is SQL's PERCENTILE_CONT
* quantile order statistics-> nearest rank computed here exactly (the level read as the decimal it prints
                              as, so 0.7 of 10 values is rank 7), at the levels and n* of GrowthBook's grid

Cases with per-user values ("valueCases") let the Swift tests compute the sufficient statistics, caps and
order statistics themselves; cases with sufficient statistics only ("summaryCases") reach sample sizes up
to millions. Where gbstats declines to compute (zero variance, control mean 0, a quantile with too few
values) the case says so in "gbstatsMessage".

Usage: python3 generate_gbstats_vectors.py   (needs gbstats==0.8.0, scipy, numpy; deterministic, seed below)
"""

import json
import math
import pathlib
from fractions import Fraction
from importlib.metadata import version

import numpy as np
import scipy
from scipy import stats
from gbstats.frequentist.tests import (
    FrequentistConfig,
    SequentialConfig,
    SequentialTwoSidedTTest,
    TwoSidedTTest,
)
from gbstats.models.statistics import (
    ProportionStatistic,
    QuantileStatistic,
    RatioStatistic,
    SampleMeanStatistic,
)

SEED = 20261201
OUTPUT = pathlib.Path(__file__).resolve().parent.parent / "Resources" / "gbstats-vectors.json"
rng = np.random.default_rng(SEED)

# GrowthBook's grid of n* (back-end/src/services/experimentQueries/constants.ts): the SQL computes the
# quantile's bounds at the levels of every n* and keeps those of the largest n* below the arm's n.
N_STAR_GRID = [100 * 2**k for k in range(20)]
Z_975 = float(stats.norm.ppf(0.975))

assert version("gbstats") == "0.8.0", "the vectors are gbstats 0.8.0's numbers"


# MARK: per-user values

def draw(shape, n):
    """Per-user values of one arm, rounded as logs would carry them."""
    if shape == "binary":
        return [float(v) for v in (rng.uniform(size=n) < rng.uniform(0.02, 0.9))]
    if shape == "counts":
        return [float(v) for v in rng.poisson(rng.uniform(0.2, 4), n)]
    if shape == "revenue":  # most users buy nothing; buyers spend a skewed amount
        buys = rng.uniform(size=n) < rng.uniform(0.03, 0.4)
        amounts = np.round(rng.lognormal(rng.uniform(2, 4), rng.uniform(0.5, 1.5), n), 2)
        return [float(v) for v in np.where(buys, amounts, 0.0)]
    if shape == "durations":  # seconds, to the millisecond
        return [float(v) for v in np.round(rng.lognormal(rng.uniform(1, 5), rng.uniform(0.3, 1.3), n), 3)]
    if shape == "constant":
        return [3.0] * n
    raise ValueError(shape)


def percentile_cont(values, p):
    """SQL's PERCENTILE_CONT(p): linear interpolation between the closest ranks (numpy's default)."""
    return float(np.quantile(np.array(values, dtype=float), p, method="linear"))


def cap_threshold(cap, pooled):
    if cap is None:
        return None
    if cap["type"] == "absolute":
        return cap["value"]
    values = [v for v in pooled if v != 0] if cap["ignoreZeros"] else pooled
    return percentile_cont(values, cap["value"]) if values else None


def capped(values, threshold):
    return values if threshold is None else [min(v, threshold) for v in values]


def nearest_rank(sorted_values, level):
    """The smallest value with at least `level` of the values at or below it: rank ceil(level * n)."""
    n = len(sorted_values)
    rank = math.ceil(Fraction(repr(level)) * n)
    return sorted_values[min(max(rank, 1), n) - 1]


def quantile_levels(level, n_star):
    half_width = Z_975 * math.sqrt(level * (1 - level) / n_star)
    return max(level - half_width, 1e-8), min(level + half_width, 0.99999999)


def quantile_summary(values, level):
    ordered = sorted(values)
    n = len(ordered)
    n_star = max([g for g in N_STAR_GRID if g < n], default=min(N_STAR_GRID))
    lower_level, upper_level = quantile_levels(level, n_star)
    return {
        "n": n, "nStar": n_star, "level": level,
        "estimate": nearest_rank(ordered, level),
        "lower": nearest_rank(ordered, lower_level), "upper": nearest_rank(ordered, upper_level),
    }


def sums(values):
    """n, sum and sum of squares, added in order (as the Swift code adds them)."""
    return {"n": len(values), "sum": sum(values), "sumOfSquares": sum(v * v for v in values)}


# MARK: gbstats

def gbstats_statistic(kind, summary):
    if kind == "proportion":
        return ProportionStatistic(n=summary["n"], sum=summary["sum"])
    if kind == "mean":
        return SampleMeanStatistic(n=summary["n"], sum=summary["sum"], sum_squares=summary["sumOfSquares"])
    if kind == "ratio":
        def component(part):
            if part["binary"]:
                return ProportionStatistic(n=summary["n"], sum=part["sum"])
            return SampleMeanStatistic(n=summary["n"], sum=part["sum"], sum_squares=part["sumOfSquares"])
        return RatioStatistic(n=summary["n"], m_statistic=component(summary["numerator"]),
                              d_statistic=component(summary["denominator"]),
                              m_d_sum_of_products=summary["sumOfProducts"])
    if kind == "quantile":
        return QuantileStatistic(n=summary["n"], n_star=summary["nStar"], nu=summary["level"],
                                 quantile_hat=summary["estimate"], quantile_lower=summary["lower"],
                                 quantile_upper=summary["upper"])
    raise ValueError(kind)


def effect(test, difference):
    result = test.compute_result()
    if result.error_message == "ZERO_NEGATIVE_BASELINE_VARIATION" and difference == "absolute" \
            and not test._has_zero_variance():
        # gbstats declines every result when control's mean is 0; its formulas still give the absolute
        # difference, which Switchyard reports (the relative one stays undefined).
        return {"estimate": float(test.point_estimate), "standardError": float(np.sqrt(test.variance)),
                "lower": float(test.confidence_interval[0]), "upper": float(test.confidence_interval[1]),
                "pValue": float(test.p_value)}, result.error_message
    if result.error_message is not None:
        return None, result.error_message
    return {"estimate": float(result.expected), "standardError": float(result.uplift.stddev),
            "lower": float(result.ci[0]), "upper": float(result.ci[1]), "pValue": float(result.p_value)}, None


def compare(kind, control, treatment, alpha, tuning):
    """gbstats' four results: fixed-horizon and sequential, absolute and relative."""
    out = {}
    message = None
    for method in ["fixed", "sequential"]:
        for difference in ["absolute", "relative"]:
            stat_a, stat_b = gbstats_statistic(kind, control), gbstats_statistic(kind, treatment)
            if method == "fixed":
                test = TwoSidedTTest(stat_a, stat_b, FrequentistConfig(alpha=alpha, difference_type=difference))
            else:
                test = SequentialTwoSidedTTest(stat_a, stat_b, SequentialConfig(
                    alpha=alpha, difference_type=difference, sequential_tuning_parameter=tuning))
            values, error = effect(test, difference)
            message = message or error
            out[f"{method}_{difference}"] = values
            if method == "fixed" and values is not None:
                # The exact tail (gbstats' 2 * (1 - cdf) loses the digits of small p-values).
                values["exactPValue"] = float(2 * stats.t.sf(abs(test.critical_value), test.dof))
                out["degreesOfFreedom"] = float(test.dof)
    arms = {}
    for name, summary in [("control", control), ("treatment", treatment)]:
        statistic = gbstats_statistic(kind, summary)
        arms[name] = {"estimate": float(statistic.mean), "variance": float(statistic.variance)}
    result = {
        "controlStatistic": arms["control"], "treatmentStatistic": arms["treatment"],
        "fixedAbsolute": out["fixed_absolute"], "fixedRelative": out["fixed_relative"],
        "sequentialAbsolute": out["sequential_absolute"], "sequentialRelative": out["sequential_relative"],
        "gbstatsMessage": message,
    }
    if "degreesOfFreedom" in out:
        result["degreesOfFreedom"] = out["degreesOfFreedom"]
    return result


# MARK: cases

def ratio_summary(numerators, denominators, numerator_binary, denominator_binary):
    return {
        "n": len(numerators),
        "numerator": {**sums(numerators), "binary": numerator_binary},
        "denominator": {**sums(denominators), "binary": denominator_binary},
        "sumOfProducts": sum(a * b for a, b in zip(numerators, denominators)),
    }


def value_case(index):
    """One experiment's per-user values, its cap, and gbstats' numbers on the statistics they give."""
    kinds = ["proportion", "mean-counts", "mean-revenue", "duration-mean", "ratio", "ratio-binary",
             "quantile-durations", "quantile-revenue", "quantile-counts"]
    variant = kinds[index % len(kinds)]
    small = index % 7 == 3
    n_c = int(rng.integers(2, 40)) if small else int(rng.integers(40, 1500))
    n_t = int(rng.integers(2, 40)) if small else int(rng.integers(40, 1500))
    if index % 9 == 6:  # a quantile arm of exactly a grid size: n* is the grid value below it, not n itself
        n_c = int(rng.choice([100, 200, 400, 800]))
    alpha = float(rng.choice([0.05, 0.05, 0.01, 0.1]))
    tuning = float(rng.choice([5000, 1000, 20000]))
    case = {"name": f"{variant}-{index}", "alpha": alpha, "tuningUsers": tuning, "cap": None}
    if variant == "proportion":
        kind, shape = "proportion", "binary"
    elif variant == "mean-counts":
        kind, shape = "mean", "counts"
    elif variant == "mean-revenue":
        kind, shape = "mean", "revenue"
        case["cap"] = {"type": "percentile", "value": float(rng.choice([0.9, 0.95, 0.99])),
                       "ignoreZeros": bool(rng.uniform() < 0.7)}
    elif variant == "duration-mean":
        kind, shape = "mean", "durations"
        case["cap"] = {"type": "absolute", "value": float(rng.choice([30.0, 120.0, 600.0]))}
    elif variant in ("ratio", "ratio-binary"):
        kind = "ratio"
    else:
        kind, shape = "quantile", variant.split("-")[1]
        case["level"] = float(rng.choice([0.5, 0.9, 0.95, 0.99, 0.1, 0.25, 0.7]))
    case["kind"] = kind

    if kind == "ratio":
        # revenue per session (or orders per session); sessions >= 1 for most users, a few with 0
        binary = variant == "ratio-binary"
        arms = {}
        for name, n in [("control", n_c), ("treatment", n_t)]:
            sessions = [float(v) for v in rng.poisson(rng.uniform(0.8, 3), n)]
            numer = draw("binary" if binary else "revenue", n)
            arms[name] = (numer, sessions)
        pooled = arms["control"][0] + arms["treatment"][0]
        if not binary and index % 2 == 0:
            case["cap"] = {"type": "percentile", "value": 0.99, "ignoreZeros": True}
        threshold = cap_threshold(case["cap"], pooled)
        case["control"] = {"numerators": arms["control"][0], "denominators": arms["control"][1]}
        case["treatment"] = {"numerators": arms["treatment"][0], "denominators": arms["treatment"][1]}
        case["numeratorIsBinary"] = binary
        summaries = {name: ratio_summary(capped(num, threshold), den, binary, False)
                     for name, (num, den) in arms.items()}
        expected = {"capThreshold": threshold, "control": summaries["control"], "treatment": summaries["treatment"]}
    else:
        control = draw(shape, n_c)
        treatment = draw(shape, n_t)
        if kind != "proportion" and rng.uniform() < 0.5:  # a planted effect
            factor = float(rng.uniform(1.02, 1.3))
            treatment = [round(v * factor, 3) for v in treatment]
        threshold = cap_threshold(case["cap"], control + treatment)
        control_capped, treatment_capped = capped(control, threshold), capped(treatment, threshold)
        case["control"] = {"values": control}
        case["treatment"] = {"values": treatment}
        if kind == "quantile":
            summaries = {"control": quantile_summary(control_capped, case["level"]),
                         "treatment": quantile_summary(treatment_capped, case["level"])}
        else:
            summaries = {"control": sums(control_capped), "treatment": sums(treatment_capped)}
        expected = {"capThreshold": threshold, **summaries}
        if kind == "mean" and len(control_capped) > 1 and len(treatment_capped) > 1:
            welch = stats.ttest_ind(treatment_capped, control_capped, equal_var=False)
            if np.isfinite(welch.statistic):
                interval = welch.confidence_interval(confidence_level=1 - alpha)
                expected["scipy"] = {"pValue": float(welch.pvalue), "lower": float(interval.low),
                                     "upper": float(interval.high), "degreesOfFreedom": float(welch.df)}
    expected.update(compare(kind, expected["control"], expected["treatment"], alpha, tuning))
    case["expected"] = expected
    return case


def summary_case(index):
    """Sufficient statistics only, at sample sizes up to millions, and the edges gbstats declines."""
    kind = ["proportion", "mean", "ratio", "quantile"][index % 4]
    n_c = int(10 ** rng.uniform(2, 6.5))
    n_t = int(n_c * rng.uniform(0.8, 1.25))
    alpha = float(rng.choice([0.05, 0.01, 0.1]))
    tuning = float(rng.choice([5000, 100000]))
    case = {"name": f"{kind}-summary-{index}", "kind": kind, "alpha": alpha, "tuningUsers": tuning}
    if kind == "proportion":
        rate = rng.uniform(0.001, 0.6)
        control = {"n": n_c, "sum": float(rng.binomial(n_c, rate)), "sumOfSquares": 0.0}
        treatment = {"n": n_t, "sum": float(rng.binomial(n_t, rate * rng.uniform(0.9, 1.15))), "sumOfSquares": 0.0}
        control["sumOfSquares"], treatment["sumOfSquares"] = control["sum"], treatment["sum"]
    elif kind == "mean":
        def arm(n, shift):
            values = np.round(rng.lognormal(2 + shift, 1.0, n) * (rng.uniform(size=n) < 0.3), 2)
            return {"n": n, "sum": float(values.sum()), "sumOfSquares": float((values * values).sum())}
        control, treatment = arm(n_c, 0), arm(n_t, float(rng.uniform(-0.05, 0.1)))
    elif kind == "ratio":
        def arm(n, shift):
            sessions = rng.poisson(2, n).astype(float)
            revenue = np.round(rng.lognormal(1 + shift, 1, n) * sessions * (rng.uniform(size=n) < 0.4), 2)
            return {"n": n,
                    "numerator": {"n": n, "sum": float(revenue.sum()), "sumOfSquares": float((revenue ** 2).sum()),
                                  "binary": False},
                    "denominator": {"n": n, "sum": float(sessions.sum()),
                                    "sumOfSquares": float((sessions ** 2).sum()), "binary": False},
                    "sumOfProducts": float((revenue * sessions).sum())}
        control, treatment = arm(n_c, 0), arm(n_t, float(rng.uniform(-0.05, 0.1)))
    else:
        level = float(rng.choice([0.5, 0.9, 0.99]))
        case["level"] = level

        def arm(n, shift):
            n_star = max([g for g in N_STAR_GRID if g < n], default=min(N_STAR_GRID))
            centre = float(np.exp(3 + shift))
            spread = centre * float(rng.uniform(0.05, 0.3)) * math.sqrt(level * (1 - level) / n_star) * 4
            return {"n": n, "nStar": n_star, "level": level, "estimate": round(centre, 3),
                    "lower": round(centre - spread * rng.uniform(0.3, 0.7), 3),
                    "upper": round(centre + spread * rng.uniform(0.3, 0.7), 3)}
        control, treatment = arm(n_c, 0), arm(n_t, float(rng.uniform(-0.05, 0.1)))
    case["control"], case["treatment"] = control, treatment
    case["expected"] = compare(kind, control, treatment, alpha, tuning)
    return case


def edge_cases():
    """Sufficient statistics where gbstats declines, or where its rules for quantiles bite."""
    rows = []

    def add(name, kind, control, treatment, level=None):
        case = {"name": name, "kind": kind, "alpha": 0.05, "tuningUsers": 5000.0,
                "control": control, "treatment": treatment}
        if level is not None:
            case["level"] = level
        case["expected"] = compare(kind, control, treatment, 0.05, 5000.0)
        rows.append(case)

    add("proportion-control-zero", "proportion", {"n": 500, "sum": 0.0, "sumOfSquares": 0.0},
        {"n": 500, "sum": 12.0, "sumOfSquares": 12.0})
    add("proportion-all-converted", "proportion", {"n": 300, "sum": 300.0, "sumOfSquares": 300.0},
        {"n": 300, "sum": 280.0, "sumOfSquares": 280.0})
    add("mean-constant", "mean", {"n": 40, "sum": 120.0, "sumOfSquares": 360.0},
        {"n": 50, "sum": 200.0, "sumOfSquares": 900.0})
    add("mean-one-user", "mean", {"n": 1, "sum": 5.0, "sumOfSquares": 25.0},
        {"n": 80, "sum": 400.0, "sumOfSquares": 2400.0})
    add("mean-negative-control", "mean", {"n": 200, "sum": -150.0, "sumOfSquares": 900.0},
        {"n": 220, "sum": -120.0, "sumOfSquares": 1000.0})
    # gbstats needs n > z^2 * nu / (1 - nu): 0.99 needs more than 380 values.
    quantile = {"n": 300, "nStar": 200, "level": 0.99, "estimate": 50.0, "lower": 40.0, "upper": 60.0}
    add("quantile-too-few-for-level", "quantile", quantile, {**quantile, "estimate": 55.0}, level=0.99)
    flat = {"n": 5000, "nStar": 3200, "level": 0.5, "estimate": 10.0, "lower": 10.0, "upper": 10.0}
    add("quantile-no-spread-large-n", "quantile", flat, {**flat, "estimate": 10.0005, "lower": 10.0, "upper": 10.001},
        level=0.5)
    small_flat = {"n": 400, "nStar": 200, "level": 0.5, "estimate": 10.0, "lower": 10.0, "upper": 10.0}
    add("quantile-no-spread-small-n", "quantile", small_flat, {**small_flat, "upper": 11.0}, level=0.5)
    return rows


def mean_scipy_agreement(cases):
    """The largest relative gap between gbstats and scipy's Welch test on the mean cases."""
    worst = 0.0
    for case in cases:
        e = case["expected"]
        if "scipy" in e and e["fixedAbsolute"] is not None:
            for key in ["lower", "upper"]:
                worst = max(worst, abs(e["fixedAbsolute"][key] - e["scipy"][key])
                            / max(abs(e["scipy"]["lower"]), abs(e["scipy"]["upper"])))
            worst = max(worst, abs(e["fixedAbsolute"]["exactPValue"] - e["scipy"]["pValue"]) / max(e["scipy"]["pValue"], 1e-300))
    return worst


def main():
    value_cases = [value_case(i) for i in range(180)]
    summary_cases = [summary_case(i) for i in range(80)] + edge_cases()
    document = {
        "about": "gbstats 0.8.0 (with scipy and numpy cross-checks) on the statistics of the metrics a team defines; "
                 "regenerate with Reference/generate_gbstats_vectors.py",
        "seed": SEED, "gbstats": version("gbstats"), "scipy": scipy.__version__, "numpy": np.__version__,
        "nStarGrid": N_STAR_GRID,
        "gbstatsVersusScipyWelch": mean_scipy_agreement(value_cases),
        "valueCases": value_cases, "summaryCases": summary_cases,
    }
    OUTPUT.write_text(json.dumps(document, indent=None, separators=(",", ":")) + "\n")
    print(f"wrote {OUTPUT} ({len(value_cases)} value cases, {len(summary_cases)} summary cases; "
          f"gbstats vs scipy Welch: {document['gbstatsVersusScipyWelch']:.3g})")


if __name__ == "__main__":
    main()
