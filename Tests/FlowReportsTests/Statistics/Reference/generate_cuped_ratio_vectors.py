#!/usr/bin/env python3
"""Writes the reference vectors of CUPED for ratio metrics, computed by GrowthBook's gbstats at the GrowthBook
repository's commit 8f1db4456915a8e7b7faf23d5632ca7219d2f469 (packages/stats/gbstats; gbstats 0.8.0 on PyPI has no
`RegressionAdjustedRatioStatistic`): each arm's `RegressionAdjustedRatioStatistic`, θ from
`compute_theta_regression_adjusted_ratio` and the fallback of `create_theta_adjusted_statistics` (|θ| < 1e-8: the
unadjusted `RatioStatistic`), then each arm's mean, unadjusted mean and variance, and the absolute difference with its
standard error sqrt(var_T/n_T + var_C/n_C) (the formula of both gbstats versions).

Experiments draw per-user (m, d, m_pre, d_pre): revenue over sessions, or a binary numerator over sessions, with a
latent propensity shared by before and after (correlations about -0.8 to 0.95), users without history (m_pre = d_pre =
0), 20 to 20,000 users per arm, every user without history (θ = 0), and numerators from 1e-60 to 1e70.

Usage: git -C <growthbook clone> archive 8f1db4456915a8e7b7faf23d5632ca7219d2f469 packages/stats/gbstats | tar -x -C /tmp/gb
       PYTHONPATH=/tmp/gb/packages/stats python3 generate_cuped_ratio_vectors.py   (numpy, scipy, pydantic; seeded)
"""

import json
import math
import pathlib

import numpy as np
from gbstats.models.statistics import (
    ProportionStatistic,
    RegressionAdjustedRatioStatistic,
    SampleMeanStatistic,
    create_theta_adjusted_statistics,
)

SEED = 20261129
OUTPUT = pathlib.Path(__file__).resolve().parent.parent / "Resources" / "cuped-ratio-vectors.json"
COMMIT = "8f1db4456915a8e7b7faf23d5632ca7219d2f469"
rng = np.random.default_rng(SEED)
PAIRS = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]


def draw(n, rho, binary, history, scale, effect):
    latent = rng.standard_normal(n)
    own = math.sqrt(max(1 - rho * rho, 0))
    has = rng.uniform(size=n) < history
    sessions = rng.poisson(np.exp(0.6 + 0.3 * latent)) + 1.0
    sessions_pre = np.where(has, rng.poisson(np.exp(0.6 + 0.3 * latent)) + 1.0, 0.0)
    post = rho * latent + own * rng.standard_normal(n) + effect
    if binary:
        m = (post > 0.3).astype(float)
        m_pre = np.where(has, (latent > 0.3).astype(float), 0.0)
    else:
        m = np.round(sessions * np.exp(1 + 0.4 * post) * 100) / 100 * scale
        m_pre = np.where(has, np.round(sessions_pre * np.exp(1 + 0.4 * latent) * 100) / 100, 0.0) * scale
    return np.stack([m, sessions, m_pre, sessions_pre])


def arm_sums(values, binary):
    n = values.shape[1]
    return {
        "n": n,
        "sums": [math.fsum(v) for v in values],
        "sumsOfSquares": [math.fsum(v * v) for v in values],
        "sumsOfProducts": [math.fsum(values[a] * values[b]) for a, b in PAIRS],
        "binary": [binary, False, binary, False],
    }


def gbstats_arm(s):
    def side(i):
        if s["binary"][i]:
            return ProportionStatistic(n=s["n"], sum=s["sums"][i])
        return SampleMeanStatistic(n=s["n"], sum=s["sums"][i], sum_squares=s["sumsOfSquares"][i])

    p = dict(zip(PAIRS, s["sumsOfProducts"]))
    return RegressionAdjustedRatioStatistic(
        n=s["n"], m_statistic_post=side(0), d_statistic_post=side(1), m_statistic_pre=side(2), d_statistic_pre=side(3),
        m_post_d_post_sum_of_products=p[(0, 1)], m_post_m_pre_sum_of_products=p[(0, 2)],
        m_post_d_pre_sum_of_products=p[(0, 3)], m_pre_d_post_sum_of_products=p[(1, 2)],
        d_post_d_pre_sum_of_products=p[(1, 3)], m_pre_d_pre_sum_of_products=p[(2, 3)], theta=None,
    )


def experiment(name, n_control, n_treatment, rho, binary=False, history=0.7, scale=1.0, effect=0.0):
    case = {"name": name}
    for arm, n, planted in (("control", n_control, 0.0), ("treatment", n_treatment, effect)):
        case[arm] = arm_sums(draw(n, rho, binary, history, scale, planted), binary)
    a, b = create_theta_adjusted_statistics(gbstats_arm(case["control"]), gbstats_arm(case["treatment"]))
    theta = float(a.theta) if isinstance(a, RegressionAdjustedRatioStatistic) else 0.0
    arms = {}
    for arm, stat in (("control", a), ("treatment", b)):
        arms[arm] = {"estimate": float(stat.mean), "unadjustedEstimate": float(stat.unadjusted_mean),
                     "variance": float(stat.variance)}
    difference = arms["treatment"]["estimate"] - arms["control"]["estimate"]
    error = math.sqrt(arms["treatment"]["variance"] / n_treatment + arms["control"]["variance"] / n_control)
    case["expected"] = {"theta": theta, "control": arms["control"], "treatment": arms["treatment"],
                        "absolute": {"estimate": difference, "standardError": error}}
    if not all(math.isfinite(v) for v in (theta, difference, error)):
        return None
    return case


def main():
    cases = []
    for binary in (False, True):
        for (nc, nt) in [(20, 25), (200, 180), (1000, 1000), (5000, 5200), (20000, 20000)]:
            for rho in (-0.8, 0.0, 0.5, 0.8, 0.95):
                effect = float(rng.choice([0.0, 0.1]))
                cases.append(experiment(f"ratio {'binary ' if binary else ''}n={nc}/{nt} rho={rho} effect={effect}",
                                        nc, nt, rho, binary, effect=effect))
    for (nc, nt) in [(100, 120), (3000, 3000)]:
        cases.append(experiment(f"ratio no history n={nc}/{nt}", nc, nt, 0.8, history=0.0))
        cases.append(experiment(f"ratio everyone with history n={nc}/{nt}", nc, nt, 0.8, history=1.0))
    for scale in (1e-60, 1e-20, 1e20, 1e70):
        for rho in (0.3, 0.9):
            cases.append(experiment(f"ratio numerator scale {scale:g} rho={rho}", 500, 450, rho, scale=scale, effect=0.05))
    cases = [c for c in cases if c is not None]
    document = {"gbstats": f"growthbook/growthbook@{COMMIT}", "seed": SEED, "cases": cases}
    OUTPUT.write_text(json.dumps(document, indent=1) + "\n")
    print(f"{len(cases)} cases -> {OUTPUT}")


if __name__ == "__main__":
    main()
