#!/usr/bin/env python3
"""Writes the reference vectors of CUPED (regression adjustment on a pre-exposure covariate), computed by GrowthBook's
gbstats 0.8.0: `RegressionAdjustedStatistic` arms, θ from `compute_theta` (set by the tests' constructor), and the
tests that consume them.

* arm statistics -> gbstats.models.statistics.RegressionAdjustedStatistic over SampleMeanStatistic (a mean metric
                    and covariate), ProportionStatistic (a proportion metric and covariate), or a proportion metric
                    with a count covariate; θ as gbstats pools it over the two arms
* frequentist    -> TwoSidedTTest and SequentialTwoSidedTTest, difference_type "absolute" and "relative": estimate,
                    standard error, interval, p-value (and 2·t.sf(|t|, dof) from scipy, which keeps small p-values
                    that gbstats' 1 − cdf rounds to 0), Welch degrees of freedom
* Bayesian       -> EffectBayesianABTest, both differences, the improper prior and a proper one (prior_type
                    "relative"), lower-is-better or not: posterior mean and standard deviation, credible interval,
                    chance to win, risks

Experiments draw per-user (metric, covariate) pairs with correlations from -0.95 to 0.99, 2 to 20,000 users per arm,
with and without a planted effect, and the edges: a covariate without variance (every user without history, or all
equal: θ = 0, gbstats falls back to the unadjusted statistics), a metric without variance, an arm of one user,
control's metric at 0, and magnitudes from 1e-70 to 1e70, metric and covariate at different magnitudes (so θ is far
from 1). The sums are computed here (math.fsum) and written; gbstats and the Swift test both start from them.

Usage: /tmp/gbenv/bin/python generate_cuped_vectors.py   (needs gbstats==0.8.0; deterministic, seed below)
"""

import json
import math
import pathlib
from importlib.metadata import version

import numpy as np
from scipy import stats
from gbstats.bayesian.tests import EffectBayesianABTest, EffectBayesianConfig, GaussianPrior
from gbstats.frequentist.tests import (
    FrequentistConfig,
    SequentialConfig,
    SequentialTwoSidedTTest,
    TwoSidedTTest,
)
from gbstats.models.statistics import (
    ProportionStatistic,
    RegressionAdjustedStatistic,
    SampleMeanStatistic,
    compute_theta,
)

SEED = 20261128
OUTPUT = pathlib.Path(__file__).resolve().parent.parent / "Resources" / "cuped-vectors.json"
rng = np.random.default_rng(SEED)

assert version("gbstats") == "0.8.0", "the vectors are gbstats 0.8.0's numbers"


# MARK: per-user pairs

def draw_pairs(kind, n, rho, effect, metric_scale, covariate_scale, covariate_shape):
    """(metric, covariate) of n users: a latent propensity shared by both, so their correlation is about rho."""
    latent = rng.standard_normal(n)
    noise = rng.standard_normal(n)
    own = math.sqrt(max(1 - rho * rho, 0))
    post_latent = rho * latent + own * noise + effect
    if kind == "proportion":
        metric = (post_latent > rng.uniform(-0.5, 1.2)).astype(float)
    else:
        metric = np.round((2.0 + post_latent) * 100) / 100 * metric_scale
    if covariate_shape == "none":
        covariate = np.zeros(n)
    elif covariate_shape == "constant":
        covariate = np.full(n, 4.0) * covariate_scale
    elif kind == "proportion":
        covariate = (latent > rng.uniform(-0.5, 1.2)).astype(float)
    elif covariate_shape == "history":  # some users have no history: covariate 0
        has = rng.uniform(size=n) < 0.6
        covariate = np.where(has, np.round((3.0 + latent) * 100) / 100, 0.0) * covariate_scale
    else:
        covariate = np.round((3.0 + latent) * 100) / 100 * covariate_scale
    return [float(v) for v in metric], [float(v) for v in covariate]


def arm_sums(metric, covariate):
    return {
        "n": len(metric),
        "sum": math.fsum(metric),
        "sumOfSquares": math.fsum(v * v for v in metric),
        "covariateSum": math.fsum(covariate),
        "covariateSumOfSquares": math.fsum(v * v for v in covariate),
        "sumOfProducts": math.fsum(a * b for a, b in zip(metric, covariate)),
    }


def statistic(sums, metric_binary, covariate_binary):
    def side(total, squares, binary):
        if binary:
            return ProportionStatistic(n=sums["n"], sum=total)
        return SampleMeanStatistic(n=sums["n"], sum=total, sum_squares=squares)

    return RegressionAdjustedStatistic(
        n=sums["n"],
        post_statistic=side(sums["sum"], sums["sumOfSquares"], metric_binary),
        pre_statistic=side(sums["covariateSum"], sums["covariateSumOfSquares"], covariate_binary),
        post_pre_sum_of_products=sums["sumOfProducts"],
        theta=0,
    )


def finite(x):
    return x is not None and math.isfinite(x)


# MARK: gbstats' results

def frequentist(case, method, difference, alpha, tuning):
    a = statistic(case["control"], case["metricIsBinary"], case["covariateIsBinary"])
    b = statistic(case["treatment"], case["metricIsBinary"], case["covariateIsBinary"])
    if method == "sequential":
        test = SequentialTwoSidedTTest(a, b, SequentialConfig(difference_type=difference, alpha=alpha,
                                                              sequential_tuning_parameter=tuning))
    else:
        test = TwoSidedTTest(a, b, FrequentistConfig(difference_type=difference, alpha=alpha))
    try:
        result = test.compute_result()
    except OverflowError:  # gbstats squares a variance beyond the largest double (dof): no reference
        return None
    row = {"method": method, "difference": difference, "alpha": alpha}
    if method == "sequential":
        row["tuningUsers"] = tuning
    if result.error_message:
        row["gbstatsMessage"] = result.error_message
        return row
    row.update({
        "estimate": float(result.expected), "standardError": float(result.uplift.stddev),
        "lower": float(result.ci[0]), "upper": float(result.ci[1]), "pValue": float(result.p_value),
    })
    if method == "fixed":
        dof = float(test.dof)
        row["degreesOfFreedom"] = dof
        row["exactPValue"] = float(2 * stats.t.sf(abs(result.expected / result.uplift.stddev), dof))
    if not all(finite(row[k]) for k in ("estimate", "standardError", "lower", "upper", "pValue")):
        return None
    return row


def bayesian(case, difference, prior, alpha, inverse):
    a = statistic(case["control"], case["metricIsBinary"], case["covariateIsBinary"])
    b = statistic(case["treatment"], case["metricIsBinary"], case["covariateIsBinary"])
    config = EffectBayesianConfig(
        difference_type=difference, alpha=alpha, inverse=inverse, prior_type="relative",
        prior_effect=GaussianPrior(mean=prior["mean"], variance=prior["stddev"] ** 2, proper=True) if prior
        else GaussianPrior(),
    )
    row = {"difference": difference, "prior": prior, "alpha": alpha, "inverse": inverse}
    try:
        result = EffectBayesianABTest(a, b, config).compute_result()
    except OverflowError:
        return None
    except ZeroDivisionError:
        row["gbstatsMessage"] = "ZeroDivisionError"
        return row
    if result.error_message:
        row["gbstatsMessage"] = result.error_message
        return row
    row.update({
        "mean": float(result.expected), "standardDeviation": float(result.uplift.stddev),
        "lower": float(result.ci[0]), "upper": float(result.ci[1]), "chanceToWin": float(result.chance_to_win),
        "riskControl": float(result.risk[0]), "riskTreatment": float(result.risk[1]),
    })
    if not all(finite(row[k]) for k in ("mean", "standardDeviation", "lower", "upper", "chanceToWin")):
        return None
    return row


def expected(case):
    a = statistic(case["control"], case["metricIsBinary"], case["covariateIsBinary"])
    b = statistic(case["treatment"], case["metricIsBinary"], case["covariateIsBinary"])
    theta = compute_theta(a, b)
    a.theta = theta
    b.theta = theta
    arms = {}
    for name, stat in (("control", a), ("treatment", b)):
        # With θ = 0 gbstats compares the metric's own statistic.
        used = stat if theta != 0 else stat.post_statistic
        arms[name] = {"estimate": float(used.mean), "unadjustedEstimate": float(stat.unadjusted_mean),
                      "variance": float(used.variance)}
    alpha = case["alpha"]
    rows = []
    for method in ("fixed", "sequential"):
        for difference in ("absolute", "relative"):
            row = frequentist(case, method, difference, alpha, case["tuningUsers"])
            if row is not None:
                rows.append(row)
    bayes = []
    for difference in ("absolute", "relative"):
        for prior in (None, case["prior"]):
            for inverse in (False, True):
                row = bayesian(case, difference, prior, alpha, inverse)
                if row is not None:
                    bayes.append(row)
    return {"theta": float(theta), "control": arms["control"], "treatment": arms["treatment"],
            "frequentist": rows, "bayesian": bayes}


# MARK: the experiments

def experiment(name, kind, n_control, n_treatment, rho, effect=0.0, metric_scale=1.0, covariate_scale=1.0,
               covariate_shape="normal"):
    case = {
        "name": name, "kind": kind,
        "metricIsBinary": kind == "proportion" or kind == "proportionWithCount",
        "covariateIsBinary": kind == "proportion",
        "alpha": float(rng.choice([0.05, 0.1, 0.01])), "tuningUsers": float(rng.choice([5000, 1000, 20000])),
        "prior": {"mean": float(np.round(rng.uniform(-0.1, 0.1), 3)), "stddev": float(rng.choice([0.3, 0.05, 1.0]))},
    }
    metric_kind = "proportion" if case["metricIsBinary"] else "mean"
    for arm, n, planted in (("control", n_control, 0.0), ("treatment", n_treatment, effect)):
        metric, covariate = draw_pairs(metric_kind, n, rho, planted, metric_scale, covariate_scale, covariate_shape)
        if kind == "proportionWithCount" and covariate_shape == "normal":
            covariate = [float(max(round(v), 0)) for v in covariate]
        case[arm] = arm_sums(metric, covariate)
    case["expected"] = expected(case)
    return case


def summary_experiment(name, kind, control, treatment):
    """An experiment given by its sums (an arm of one user, a metric at 0, no variance)."""
    case = {
        "name": name, "kind": kind, "metricIsBinary": kind == "proportion", "covariateIsBinary": kind == "proportion",
        "alpha": 0.05, "tuningUsers": 5000.0, "prior": {"mean": 0.0, "stddev": 0.3},
        "control": control, "treatment": treatment,
    }
    case["expected"] = expected(case)
    return case


def sums_of(n, total, squares, covariate, covariate_squares, products):
    return {"n": n, "sum": total, "sumOfSquares": squares, "covariateSum": covariate,
            "covariateSumOfSquares": covariate_squares, "sumOfProducts": products}


def main():
    cases = []
    sizes = [(2, 3), (5, 5), (30, 40), (200, 180), (1000, 1000), (5000, 4800), (20000, 20000)]
    correlations = [-0.95, -0.5, 0.0, 0.3, 0.7, 0.9, 0.99]
    for kind in ("mean", "proportion", "proportionWithCount"):
        for (nc, nt) in sizes:
            for rho in correlations:
                if kind != "mean" and (nc < 30 or rho in (-0.5, 0.3)):
                    continue
                effect = float(rng.choice([0.0, 0.05, 0.2]))
                shape = "history" if kind == "mean" and rng.uniform() < 0.3 else "normal"
                cases.append(experiment(f"{kind} n={nc}/{nt} rho={rho} effect={effect} {shape}", kind, nc, nt, rho,
                                        effect, covariate_shape=shape))
    for kind in ("mean", "proportion"):
        for shape in ("none", "constant"):
            for (nc, nt) in [(50, 60), (2000, 2000)]:
                cases.append(experiment(f"{kind} covariate {shape} n={nc}/{nt}", kind, nc, nt, 0.5, 0.1,
                                        covariate_shape=shape))
    for metric_scale, covariate_scale in [(1e70, 1e70), (1e-60, 1e-60), (1e70, 1e-70), (1e-60, 1e70),
                                          (1e6, 1.0), (1.0, 1e-6)]:
        for rho in (0.2, 0.8, -0.9):
            cases.append(experiment(f"mean scales {metric_scale:g}/{covariate_scale:g} rho={rho}", "mean", 400, 500,
                                    rho, 0.1, metric_scale, covariate_scale))
    # Edges given by their sums.
    cases.append(summary_experiment("mean one user in control", "mean",
                                    sums_of(1, 2.0, 4.0, 1.0, 1.0, 2.0), sums_of(50, 110.0, 290.0, 60.0, 90.0, 150.0)))
    cases.append(summary_experiment("mean control's metric at 0", "mean",
                                    sums_of(100, 0.0, 0.0, 50.0, 80.0, 0.0), sums_of(100, 30.0, 60.0, 45.0, 70.0, 20.0)))
    cases.append(summary_experiment("mean metric without variance in both arms", "mean",
                                    sums_of(100, 300.0, 900.0, 50.0, 80.0, 150.0),
                                    sums_of(120, 360.0, 1080.0, 70.0, 100.0, 210.0)))
    cases.append(summary_experiment("proportion control never converts", "proportion",
                                    sums_of(300, 0.0, 0.0, 40.0, 40.0, 0.0), sums_of(300, 12.0, 12.0, 45.0, 45.0, 6.0)))
    cases.append(summary_experiment("mean large sums (3 million users)", "mean",
                                    sums_of(3_000_000, 6.3e6, 1.65e7, 9.1e6, 3.0e7, 2.05e7),
                                    sums_of(3_000_000, 6.36e6, 1.68e7, 9.1e6, 3.0e7, 2.07e7)))
    document = {"gbstats": version("gbstats"), "seed": SEED, "cases": cases}
    OUTPUT.write_text(json.dumps(document, indent=1) + "\n")
    print(f"{len(cases)} cases -> {OUTPUT}")


if __name__ == "__main__":
    main()
