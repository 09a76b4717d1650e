#!/usr/bin/env python3
"""Writes the reference vectors of the Bayesian results of the metrics a team defines (proportion, mean, ratio,
quantile), computed by GrowthBook's gbstats 0.8.0 (`gbstats.bayesian.tests.EffectBayesianABTest`), with the chance
to win and the risks also computed exactly (mpmath, 40 digits) from gbstats' posterior.

* arm statistics  -> gbstats.models.statistics: ProportionStatistic, SampleMeanStatistic, RatioStatistic (with a
                     binary or a non-binary numerator), QuantileStatistic
* each experiment -> EffectBayesianABTest with difference_type "relative" and "absolute", the improper prior
                     (gbstats' default) and a proper one (prior_type "relative", as gbstats' runner passes it),
                     `inverse` (lower is better) or not, and an alpha; posterior mean ("expected") and standard
                     deviation, chance to win, credible interval, risks and risk type
* exact           -> mpmath: P(effect > 0) (< 0 when inverse), E[max(effect, 0)] and E[max(-effect, 0)] of
                     N(mean, stddev^2) at gbstats' mean and stddev

Experiments draw per-user values (2 to 3,000 users per arm, summed in order) or sufficient statistics (up to 3
million users), with and without a planted effect, and the edges: an empty arm, a single user, arms that never vary,
control at 0 (gbstats declines the relative result, and raises ZeroDivisionError for the absolute one; its own
formulas then give the improper prior's result, written with "fromFormulas"), a negative control, a ratio whose
denominator is 0, quantiles with too few values or equal bounds, posteriors 5 to 37 standard deviations from 0 (risks
down to 1e-300), very tight and very wide priors, and magnitudes from 1e-60 to 1e60.

Usage: python3 generate_bayesian_vectors.py   (needs gbstats==0.8.0, scipy, numpy, mpmath; deterministic, seed below)
"""

import json
import math
import pathlib
from importlib.metadata import version

import mpmath
import numpy as np
import scipy
from scipy import stats
from gbstats.bayesian.tests import EffectBayesianABTest, EffectBayesianConfig, GaussianPrior
from gbstats.frequentist.tests import frequentist_diff, frequentist_variance

# The arms as the frequentist vectors build them: sums added in order, gbstats' statistic of each kind.
from generate_gbstats_vectors import N_STAR_GRID, gbstats_statistic, ratio_summary, sums

SEED = 20261215
OUTPUT = pathlib.Path(__file__).resolve().parent.parent / "Resources" / "gbstats-bayesian-vectors.json"
rng = np.random.default_rng(SEED)
mpmath.mp.dps = 40

PRIORS = [(0.0, 0.3), (0.0, 0.1), (0.05, 0.1), (-0.1, 0.05), (0.2, 1.0), (0.0, 0.01), (0.0, 1e-4), (0.1, 50.0)]
ALPHAS = [0.05, 0.05, 0.1, 0.01, 0.2]

assert version("gbstats") == "0.8.0", "the vectors are gbstats 0.8.0's numbers"


# MARK: arms

def n_star(n):
    return max([g for g in N_STAR_GRID if g < n], default=min(N_STAR_GRID))


# MARK: gbstats' results

def exact(mean, stddev, inverse):
    """Chance to win and risks of N(mean, stddev^2), to 40 digits."""
    m, s = mpmath.mpf(mean), mpmath.mpf(stddev)
    z = m / s
    above = m * mpmath.ncdf(z) + s * mpmath.npdf(z)   # E[max(effect, 0)]
    below = s * mpmath.npdf(z) - m * mpmath.ncdf(-z)  # E[max(-effect, 0)]
    win = mpmath.ncdf(-z) if inverse else mpmath.ncdf(z)
    control, treatment = (below, above) if inverse else (above, below)
    return {"chanceToWin": float(win), "riskControl": float(control), "riskTreatment": float(treatment)}


def result_numbers(mean, stddev, ci, chance, risk, risk_type):
    return {"mean": float(mean), "standardDeviation": float(stddev), "lower": float(ci[0]), "upper": float(ci[1]),
            "chanceToWin": float(chance), "riskControl": float(risk[0]), "riskTreatment": float(risk[1]),
            "riskType": risk_type}


def from_formulas(stat_a, stat_b, alpha, inverse):
    """The improper prior's absolute result by gbstats' own functions, where EffectBayesianABTest divides by zero
    (control's mean is 0): the data's difference and variance, norm's sf and ppf, get_risk."""
    variance = frequentist_variance(stat_a.variance, stat_a.unadjusted_mean, stat_a.n, stat_b.variance,
                                    stat_b.unadjusted_mean, stat_b.n, False)
    mean = frequentist_diff(stat_a.mean, stat_b.mean, False, stat_a.unadjusted_mean)
    stddev = math.sqrt(variance)
    chance = stats.norm.sf(0, mean, stddev)
    chance = 1 - chance if inverse else chance
    ci = stats.norm.ppf([alpha / 2, 1 - alpha / 2], mean, stddev)
    risk = EffectBayesianABTest.get_risk(mean, stddev)
    risk = [risk[1], risk[0]] if inverse else risk
    return result_numbers(mean, stddev, ci, chance, risk, "absolute")


def bayesian(kind, control, treatment, difference, prior, alpha, inverse):
    """One EffectBayesianABTest result, with the exact chance to win and risks of its posterior."""
    stat_a, stat_b = gbstats_statistic(kind, control), gbstats_statistic(kind, treatment)
    gaussian = GaussianPrior() if prior is None else GaussianPrior(mean=prior[0], variance=prior[1] ** 2, proper=True)
    config = EffectBayesianConfig(difference_type=difference, alpha=alpha, inverse=inverse, prior_effect=gaussian,
                                  prior_type="relative")
    row = {"difference": difference, "alpha": alpha, "inverse": inverse,
           "prior": None if prior is None else {"mean": prior[0], "stddev": prior[1]},
           "gbstatsMessage": None, "expected": None, "exact": None}
    try:
        result = EffectBayesianABTest(stat_a, stat_b, config).compute_result()
    except ZeroDivisionError:
        row["gbstatsMessage"] = "ZeroDivisionError"
        if prior is None and difference == "absolute" and not stat_a._has_zero_variance \
                and not stat_b._has_zero_variance and stat_a.n > 0 and stat_b.n > 0:
            row["expected"] = from_formulas(stat_a, stat_b, alpha, inverse)
            row["fromFormulas"] = True
    else:
        if result.error_message is not None:
            row["gbstatsMessage"] = result.error_message
        else:
            row["expected"] = result_numbers(result.expected, result.uplift.stddev, result.ci, result.chance_to_win,
                                             result.risk, result.risk_type)
    if row["expected"] is not None:
        numbers = row["expected"]
        assert all(math.isfinite(numbers[key]) for key in numbers if key != "riskType"), (kind, control, numbers)
        row["exact"] = exact(numbers["mean"], numbers["standardDeviation"], inverse)
    return row


def arm_statistic(kind, arm):
    statistic = gbstats_statistic(kind, arm)
    return {"estimate": float(statistic.mean), "variance": float(statistic.variance)}


def experiment(name, kind, control, treatment, settings, level=None):
    case = {"name": name, "kind": kind, "control": control, "treatment": treatment,
            "controlStatistic": arm_statistic(kind, control), "treatmentStatistic": arm_statistic(kind, treatment)}
    if level is not None:
        case["level"] = level
    case["results"] = [bayesian(kind, control, treatment, *setting) for setting in settings]
    return case


def every_setting(prior=(0.0, 0.3), alpha=0.05):
    """Both differences, the improper and a proper prior, higher and lower is better."""
    return [(difference, p, alpha, inverse)
            for difference in ["relative", "absolute"] for p in [None, prior] for inverse in [False, True]]


def drawn_settings():
    """Both differences under the improper prior and a drawn proper one, one direction and one alpha."""
    prior = PRIORS[int(rng.integers(len(PRIORS)))]
    alpha = float(rng.choice(ALPHAS))
    inverse = bool(rng.uniform() < 0.3)
    return [(difference, p, alpha, inverse) for difference in ["relative", "absolute"] for p in [None, prior]]


# MARK: experiments

def values(shape, n, factor=1.0):
    if shape == "binary":
        return [float(v) for v in (rng.uniform(size=n) < min(rng.uniform(0.02, 0.9) * factor, 1))]
    if shape == "counts":
        return [float(v) for v in rng.poisson(rng.uniform(0.2, 4) * factor, n)]
    if shape == "revenue":
        buys = rng.uniform(size=n) < rng.uniform(0.03, 0.4)
        return [float(v) for v in np.where(buys, np.round(rng.lognormal(3, 1, n) * factor, 2), 0.0)]
    raise ValueError(shape)


def drawn_experiment(index):
    kind = ["proportion", "mean-counts", "mean-revenue", "ratio", "ratio-binary", "quantile"][index % 6]
    large = index % 3 == 2
    n_c = int(10 ** rng.uniform(4, 6.5)) if large else int(10 ** rng.uniform(0.4, 3.5))
    n_t = max(int(n_c * rng.uniform(0.8, 1.25)), 2)
    n_c = max(n_c, 2)
    factor = float(rng.uniform(0.9, 1.3)) if rng.uniform() < 0.6 else 1.0
    name = f"{kind}-{index}"
    if kind == "quantile":
        level = float(rng.choice([0.5, 0.9, 0.95, 0.99, 0.1, 0.25]))
        n_c, n_t = max(n_c, 400), max(n_t, 400)

        def arm(n, shift):
            centre = float(np.exp(3 + shift))
            spread = centre * float(rng.uniform(0.05, 0.3)) * math.sqrt(level * (1 - level) / n_star(n)) * 4
            return {"n": n, "nStar": n_star(n), "level": level, "estimate": round(centre, 3),
                    "lower": round(centre - spread * rng.uniform(0.3, 0.7), 3),
                    "upper": round(centre + spread * rng.uniform(0.3, 0.7), 3)}
        return experiment(name, "quantile", arm(n_c, 0.0), arm(n_t, math.log(factor)), drawn_settings(), level)
    if large:
        if kind == "proportion":
            rate = float(rng.uniform(0.001, 0.6))
            arms = [{"n": n, "sum": float(rng.binomial(n, min(rate * f, 1)))} for n, f in [(n_c, 1), (n_t, factor)]]
            for arm in arms:
                arm["sumOfSquares"] = arm["sum"]
            return experiment(name, "proportion", arms[0], arms[1], drawn_settings())
        if kind.startswith("mean"):
            def arm(n, f):
                draws = np.round(rng.lognormal(2, 1.0, n) * f * (rng.uniform(size=n) < 0.3), 2)
                return {"n": n, "sum": float(draws.sum()), "sumOfSquares": float((draws * draws).sum())}
            return experiment(name, "mean", arm(n_c, 1), arm(n_t, factor), drawn_settings())

        def ratio_arm(n, f):
            sessions = rng.poisson(2, n).astype(float)
            binary = kind == "ratio-binary"
            numer = (rng.uniform(size=n) < 0.3 * f).astype(float) if binary \
                else np.round(rng.lognormal(1, 1, n) * f * sessions * (rng.uniform(size=n) < 0.4), 2)
            return {"n": n, "numerator": {"sum": float(numer.sum()), "sumOfSquares": float((numer ** 2).sum()),
                                          "binary": binary},
                    "denominator": {"sum": float(sessions.sum()), "sumOfSquares": float((sessions ** 2).sum()),
                                    "binary": False},
                    "sumOfProducts": float((numer * sessions).sum())}
        return experiment(name, "ratio", ratio_arm(n_c, 1), ratio_arm(n_t, factor), drawn_settings())
    if kind == "proportion":
        return experiment(name, "proportion", sums(values("binary", n_c)), sums(values("binary", n_t, factor)),
                          drawn_settings())
    if kind.startswith("mean"):
        shape = kind.split("-")[1]
        return experiment(name, "mean", sums(values(shape, n_c)), sums(values(shape, n_t, factor)), drawn_settings())
    binary = kind == "ratio-binary"
    arms = []
    for n, f in [(n_c, 1.0), (n_t, factor)]:
        sessions = [float(v) for v in rng.poisson(rng.uniform(0.8, 3), n)]
        arms.append(ratio_summary(values("binary" if binary else "revenue", n, f), sessions, binary, False))
    return experiment(name, "ratio", arms[0], arms[1], drawn_settings())


def proportion(n, successes):
    return {"n": n, "sum": float(successes), "sumOfSquares": float(successes)}


def mean_of(values_):
    return sums([float(v) for v in values_])


def quantile_arm(n, estimate, lower, upper, level):
    return {"n": n, "nStar": n_star(n), "level": level, "estimate": estimate, "lower": lower, "upper": upper}


def edge_experiments():
    rows = []
    add = rows.append
    add(experiment("proportion-empty-control", "proportion", proportion(0, 0), proportion(50, 10), every_setting()))
    add(experiment("proportion-empty-treatment", "proportion", proportion(50, 10), proportion(0, 0), every_setting()))
    add(experiment("proportion-control-none-converted", "proportion", proportion(500, 0), proportion(500, 12),
                   every_setting()))
    add(experiment("proportion-all-converted", "proportion", proportion(300, 300), proportion(300, 280),
                   every_setting()))
    add(experiment("proportion-equal-arms", "proportion", proportion(1000, 230), proportion(1000, 230),
                   every_setting()))
    add(experiment("proportion-two-users", "proportion", proportion(2, 1), proportion(2, 1), every_setting()))
    add(experiment("mean-one-user", "mean", mean_of([5]), mean_of(range(80)), every_setting()))
    add(experiment("mean-constant", "mean", mean_of([3] * 40), mean_of([4] * 50), every_setting()))
    add(experiment("mean-control-zero", "mean", mean_of([1, -1, 0, 2, -2]), mean_of([0, 1, 2, 0, 3]),
                   every_setting()))
    add(experiment("mean-negative-control", "mean", mean_of([-1.5, -0.25, -2, -0.75, -1.5] * 40),
                   mean_of([-1, -0.5, -0.75, -1.25, -0.5] * 44), every_setting()))
    add(experiment("mean-large", "mean", mean_of([v * 1e60 for v in [1, 2, 3, 5, 8, 13]]),
                   mean_of([v * 1e60 for v in [2, 3, 4, 6, 8, 13, 21]]), every_setting()))
    add(experiment("mean-small", "mean", mean_of([v * 1e-60 for v in [1, 2, 3, 5, 8, 13]]),
                   mean_of([v * 1e-60 for v in [2, 3, 4, 6, 8, 13, 21]]), every_setting()))
    for stddev in [1e-6, 1e6]:
        add(experiment(f"mean-prior-stddev-{stddev:g}", "mean", mean_of([1, 2, 3, 4, 5, 6] * 30),
                       mean_of([1, 2, 3, 4, 5, 7] * 30), every_setting(prior=(0.02, stddev))))
    add(experiment("mean-prior-far-from-data", "mean", mean_of([1, 2, 3, 4, 5, 6] * 30),
                   mean_of([1, 2, 3, 4, 5, 7] * 30), every_setting(prior=(-3.0, 0.2))))
    for alpha in [1e-6, 0.5, 0.9]:
        add(experiment(f"proportion-alpha-{alpha:g}", "proportion", proportion(4000, 900), proportion(4100, 990),
                       every_setting(alpha=alpha)))
    # Posteriors far from 0: the risk on the losing side falls from 1e-7 to 1e-300.
    for sigmas in [5, 8, 12, 20, 27, 33, 37]:
        n = 3_000_000
        rate = 0.2
        shift = sigmas * math.sqrt(2 * rate * (1 - rate) / n)
        add(experiment(f"proportion-{sigmas}-sigmas", "proportion", proportion(n, round(n * rate)),
                       proportion(n, round(n * (rate + shift))), every_setting()))
        add(experiment(f"proportion-minus-{sigmas}-sigmas", "proportion", proportion(n, round(n * (rate + shift))),
                       proportion(n, round(n * rate)), every_setting()))
    zero_denominator = ratio_summary([0.0] * 10, [0.0] * 10, False, False)
    add(experiment("ratio-denominator-zero", "ratio", zero_denominator,
                   ratio_summary([1.0, 2.0, 0.0, 4.0] * 5, [1.0, 1.0, 2.0, 1.0] * 5, False, False), every_setting()))
    add(experiment("quantile-too-few-for-level", "quantile", quantile_arm(300, 50.0, 40.0, 60.0, 0.99),
                   quantile_arm(300, 55.0, 45.0, 65.0, 0.99), every_setting(), level=0.99))
    add(experiment("quantile-equal-bounds-small-n", "quantile", quantile_arm(400, 10.0, 10.0, 10.0, 0.5),
                   quantile_arm(400, 10.0, 10.0, 11.0, 0.5), every_setting(), level=0.5))
    add(experiment("quantile-equal-bounds-large-n", "quantile", quantile_arm(5000, 10.0, 10.0, 10.0, 0.5),
                   quantile_arm(5000, 10.0005, 10.0, 10.001, 0.5), every_setting(), level=0.5))
    add(experiment("quantile-few-values-unfloored", "quantile", quantile_arm(60, 12.0, 9.0, 15.5, 0.5),
                   quantile_arm(70, 13.0, 10.0, 16.0, 0.5), every_setting(), level=0.5))
    return rows


def main():
    drawn = [drawn_experiment(i) for i in range(240)]
    edges = edge_experiments()
    cases = drawn + edges
    results = sum(len(case["results"]) for case in cases)
    computed = sum(1 for case in cases for row in case["results"] if row["expected"] is not None)
    document = {
        "about": "gbstats 0.8.0's EffectBayesianABTest on the statistics of the metrics a team defines, with the "
                 "exact chance to win and risks (mpmath) of its posteriors; regenerate with "
                 "Reference/generate_bayesian_vectors.py",
        "seed": SEED, "gbstats": version("gbstats"), "scipy": scipy.__version__, "numpy": np.__version__,
        "mpmath": mpmath.__version__, "cases": cases,
    }
    OUTPUT.write_text(json.dumps(document, indent=None, separators=(",", ":")) + "\n")
    print(f"wrote {OUTPUT}: {len(cases)} experiments ({len(drawn)} drawn, {len(edges)} at the edges), "
          f"{results} results, {computed} computed")


if __name__ == "__main__":
    main()
