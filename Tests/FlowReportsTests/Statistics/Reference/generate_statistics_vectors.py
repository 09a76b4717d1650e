#!/usr/bin/env python3
"""Writes the reference vectors the FlowReports statistics tests compare against.

Every expected value is computed by scipy / statsmodels (the references the Swift code claims to match):

* normal cdf / sf / ppf            -> scipy.stats.norm
* chi-square survival              -> scipy.stats.chi2.sf
* incomplete gamma / beta          -> scipy.special.gammainc / gammaincc / betainc
* log beta                         -> mpmath at 50 digits (scipy's betaln loses up to 1e-8 relative for
                                      arguments near 1e7 and more beyond, which the Swift code does not)
* Newcombe interval of pT - pC     -> statsmodels confint_proportions_2indep(method="newcomb", compare="diff")
* pooled two-proportion z-test     -> statsmodels proportions_ztest
* Holm adjustment                  -> statsmodels multipletests(method="holm")
* Cohen's h, sample size, MDE      -> statsmodels proportion_effectsize + NormalIndPower
* sample-ratio mismatch            -> scipy.stats.chisquare
* chance to beat control           -> scipy.integrate.quad of beta.pdf(t; T) * beta.cdf(t; C)
* relative uplift (log interval)   -> statsmodels confint_proportions_2indep(method="log", compare="ratio") - 1

statsmodels' solve_power stops its root search at xtol = 1e-5, so next to its raw answers the file holds a tight
root (scipy brentq to rtol 1e-15) of the same statsmodels power function; the Swift tests compare with the tight
root at 1e-9 and with the raw answer at the solver's own tolerance.

Usage: python3 generate_statistics_vectors.py   (needs scipy, statsmodels, mpmath; deterministic, seed below)
"""

import json
import math
import pathlib
import warnings

import mpmath
import numpy as np
import scipy
import statsmodels
from scipy import integrate, optimize, special, stats
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.power import NormalIndPower
from statsmodels.stats.proportion import (
    confint_proportions_2indep,
    proportion_effectsize,
    proportions_ztest,
)

SEED = 20261122
OUTPUT = pathlib.Path(__file__).resolve().parent.parent / "Resources" / "statistics-vectors.json"
# Must equal ChanceToBeatControl.exactSumTermLimit: cases beyond it use the normal approximation in Swift.
EXACT_SUM_TERM_LIMIT = 5_000_000

rng = np.random.default_rng(SEED)
power_engine = NormalIndPower()


def finite_or_none(value):
    value = float(value)
    return value if math.isfinite(value) else None


# ---------------------------------------------------------------- distribution functions


def normal_vectors():
    xs = list(np.linspace(-38.4, 38.4, 97)) + list(rng.normal(0, 3, 60)) + [0.0, 1e-10, -1e-10, 8.29, -8.29]
    cdf = [{"x": float(x), "cdf": float(stats.norm.cdf(x)), "sf": float(stats.norm.sf(x))} for x in xs]
    ps = [10.0 ** -k for k in range(1, 301)]
    ps += [1 - 10.0 ** -k for k in range(1, 17)]
    ps += list(rng.uniform(0, 1, 60)) + [0.5, 0.075, 0.925, 0.07499999, 0.92500001, math.exp(-25), 1 - math.exp(-25)]
    ps += [0.025, 0.975, 0.005, 0.995, 0.05, 0.95, 0.2, 0.8, 0.9]
    quantile = [{"p": float(p), "x": float(stats.norm.ppf(p))} for p in ps]
    return cdf, quantile


def chi_square_vectors():
    rows = []
    for df in range(1, 51):
        xs = [1e-3, 0.5, df / 2, df, df + 2 * math.sqrt(2 * df), df + 6 * math.sqrt(2 * df), 100.0, 400.0, 1000.0]
        xs += list(rng.uniform(0, 3 * df + 20, 3))
        for x in xs:
            rows.append({"x": float(x), "degreesOfFreedom": df, "survival": float(stats.chi2.sf(x, df))})
    return rows


def incomplete_gamma_vectors():
    rows = []
    for a in [0.1, 0.5, 1.0, 1.7, 3.3, 10.0, 25.5, 80.0, 300.0]:
        for x in [1e-4, 0.3 * a, a, a + 1, 1.7 * a + 3, 5 * a + 30]:
            rows.append({
                "a": a, "x": float(x),
                "lower": float(special.gammainc(a, x)), "upper": float(special.gammaincc(a, x)),
            })
    return rows


def beta_vectors():
    rows = []
    shapes = [0.5, 1.0, 2.5, 10.0, 100.0, 1000.0, 1e5]
    for a in shapes:
        for b in shapes:
            for x in list(rng.uniform(0, 1, 2)) + [a / (a + b)]:
                rows.append({"x": float(x), "a": a, "b": b, "value": float(special.betainc(a, b, x))})
    log_beta = []
    mpmath.mp.dps = 50
    for a in [0.5, 1.0, 3.0, 9.5, 10.0, 37.0, 1e3, 1e6, 1e9, 1e12]:
        for b in [1.0, 2.0, 9.9, 10.0, 55.0, 1e4, 1e7, 1e12, 1e15]:
            exact = mpmath.loggamma(mpmath.mpf(a)) + mpmath.loggamma(mpmath.mpf(b)) - mpmath.loggamma(mpmath.mpf(a) + b)
            log_beta.append({"a": a, "b": b, "value": float(exact)})
    return rows, log_beta


# ---------------------------------------------------------------- chance to beat control


def chance_to_beat(treatment, control):
    """P(pT > pC) for Beta(1+x, 1+n-x) posteriors by adaptive quadrature of f_T(t) F_C(t)."""
    a_t, b_t = 1 + treatment[1], 1 + treatment[0] - treatment[1]
    a_c, b_c = 1 + control[1], 1 + control[0] - control[1]
    mean = a_t / (a_t + b_t)
    sd = math.sqrt(mean * (b_t / (a_t + b_t)) / (a_t + b_t + 1))
    low, high = max(0.0, mean - 40 * sd), min(1.0, mean + 40 * sd)
    value, error = integrate.quad(
        lambda t: stats.beta.pdf(t, a_t, b_t) * stats.beta.cdf(t, a_c, b_c),
        low, high, points=[mean], epsabs=1e-14, epsrel=1e-12, limit=1000,
    )
    assert error < 1e-9, (treatment, control, error)
    return value


def miller_sum(a_t, b_t, a_c, b_c):
    """Evan Miller's closed form, term by term in log space, as an independent cross-check of the quadrature."""
    i = np.arange(a_t)
    log_terms = (special.betaln(a_c + i, b_c + b_t) - np.log(b_t + i)
                 - special.betaln(1 + i, b_t) - special.betaln(a_c, b_c))
    return float(np.exp(special.logsumexp(log_terms)))


def chance_vectors():
    cases = [((10, 3), (10, 5)), ((0, 0), (0, 0)), ((1, 1), (1, 0)), ((50, 0), (50, 50)), ((50, 50), (50, 0)),
             ((1000, 100), (1000, 120)), ((20000, 2200), (20000, 2000)), ((300000, 9300), (300000, 9000)),
             ((5, 5), (7, 0)), ((12_000_000, 6_100_000), (12_000_000, 6_000_000)),
             ((15_000_000, 7_502_000), (15_000_000, 7_500_000)),
             # just inside and just beyond the exact-sum limit, with skewed posteriors (rate near 0.25)
             ((20_000_000, 4_990_000), (20_000_000, 5_000_000)), ((20_000_000, 5_012_000), (20_000_000, 5_010_000))]
    for _ in range(120):
        n_t, n_c = int(rng.integers(0, 3000)), int(rng.integers(0, 3000))
        rate = rng.uniform(0, 1)
        x_t = int(rng.binomial(n_t, min(1, rate * rng.uniform(0.7, 1.3)))) if n_t else 0
        x_c = int(rng.binomial(n_c, rate)) if n_c else 0
        cases.append(((n_t, x_t), (n_c, x_c)))
    for _ in range(30):
        n = int(rng.integers(50_000, 2_000_000))
        rate = rng.uniform(0.005, 0.5)
        cases.append(((n, int(rng.binomial(n, rate * rng.uniform(0.97, 1.03)))), (n, int(rng.binomial(n, rate)))))
    rows = []
    for treatment, control in cases:
        probability = chance_to_beat(treatment, control)
        params = (1 + treatment[1], 1 + treatment[0] - treatment[1], 1 + control[1], 1 + control[0] - control[1])
        if params[0] <= 200_000:
            # betaln of arguments near 1e6 carries ~1e-9 of rounding, hence the looser bound for large counts
            assert abs(miller_sum(*params) - probability) < (1e-9 if params[0] < 10_000 else 1e-8), (treatment, control)
        method = "exact-sum" if min(params) <= EXACT_SUM_TERM_LIMIT else "normal-approximation"
        rows.append({
            "treatment": {"users": treatment[0], "conversions": treatment[1]},
            "control": {"users": control[0], "conversions": control[1]},
            "probability": probability, "method": method,
        })
    return rows


# ---------------------------------------------------------------- power


def tight_root(function, low, high):
    while function(high) < 0:
        high *= 10
    return optimize.brentq(function, low, high, xtol=1e-300, rtol=4 * np.finfo(float).eps, maxiter=500)


def required_control_users(p_t, p_c, n_t, n_c, alpha, power):
    """(statsmodels solve_power answer, tight root of the same statsmodels power function) for nobs1 = control."""
    h = abs(proportion_effectsize(p_t, p_c))
    if h == 0 or n_t == 0 or n_c == 0:
        return None, None
    ratio = n_t / n_c
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            raw = finite_or_none(power_engine.solve_power(effect_size=h, nobs1=None, alpha=alpha, power=power,
                                                          ratio=ratio))
        except Exception:  # statsmodels gives up below nobs1 = 2 on some inputs
            raw = None
    tight = tight_root(lambda n1: power_engine.power(h, n1, alpha, ratio) - power, 1e-12, 1e6)
    return raw, tight


def invert_cohens_h(p_c, h):
    angle = math.asin(math.sqrt(p_c))
    if angle + h / 2 <= math.pi / 2:
        return math.sin(angle + h / 2) ** 2 - p_c
    if angle - h / 2 >= 0:
        return p_c - math.sin(angle - h / 2) ** 2
    return None


def minimum_detectable_effect(p_c, n_t, n_c, alpha, power):
    if n_t == 0 or n_c == 0:
        return None, None
    ratio = n_t / n_c
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            h_raw = power_engine.solve_power(effect_size=None, nobs1=n_c, alpha=alpha, power=power, ratio=ratio)
            raw = invert_cohens_h(p_c, float(h_raw)) if math.isfinite(h_raw) else None
        except Exception:
            raw = None
    h = tight_root(lambda h: power_engine.power(h, n_c, alpha, ratio) - power, 1e-15, 1.0)
    return raw, invert_cohens_h(p_c, h)


# ---------------------------------------------------------------- experiments


def compare(treatment, control, alpha, power):
    (n_t, x_t), (n_c, x_c) = treatment, control
    p_t, p_c = x_t / n_t, x_c / n_c
    low, high = confint_proportions_2indep(x_t, n_t, x_c, n_c, method="newcomb", compare="diff", alpha=alpha)
    with np.errstate(all="ignore"):
        z, p = proportions_ztest([x_t, x_c], [n_t, n_c])
    undefined = not (math.isfinite(z) and math.isfinite(p))
    if undefined:  # statsmodels yields NaN when p-pooled is 0 or 1; Swift defines z = 0, p = 1 (no difference seen)
        z, p = 0.0, 1.0
    relative = relative_low = relative_high = None
    if x_c > 0:
        relative = p_t / p_c - 1
        if x_t > 0:  # the log scale has no interval for a treatment without conversions
            ratio_low, ratio_high = confint_proportions_2indep(x_t, n_t, x_c, n_c, method="log", compare="ratio",
                                                               alpha=alpha)
            relative_low, relative_high = float(ratio_low) - 1, float(ratio_high) - 1
    needed_raw, needed = required_control_users(p_t, p_c, n_t, n_c, alpha, power)
    mde_raw, mde = minimum_detectable_effect(p_c, n_t, n_c, alpha, power)
    return {
        "difference": p_t - p_c, "intervalLower": float(low), "intervalUpper": float(high),
        "relativeUplift": relative, "relativeLower": relative_low, "relativeUpper": relative_high,
        "zScore": float(z), "pValue": float(p), "zTestUndefinedInStatsmodels": undefined,
        "chanceToBeatControl": chance_to_beat(treatment, control),
        "cohensH": float(proportion_effectsize(p_t, p_c)),
        "requiredControlUsers": needed, "requiredControlUsersStatsmodels": needed_raw,
        "minimumDetectableEffect": mde, "minimumDetectableEffectStatsmodels": mde_raw,
    }


def random_arm(users, rate):
    return users, int(rng.binomial(users, min(1.0, max(0.0, rate))))


def experiment_cases():
    cases = []
    kinds = ["small", "medium", "large", "zero-control", "zero-treatment", "zero-both", "all-converted",
             "all-converted-both", "unequal", "srm"]
    for index in range(160):
        kind = kinds[index % len(kinds)]
        arms = 1 + int(rng.integers(0, 3))
        scale = {"small": (5, 200), "large": (100_000, 2_000_000)}.get(kind, (1_000, 50_000))
        base_users = int(rng.integers(*scale))
        rate = float(rng.uniform(0.01, 0.6))
        if kind == "zero-control" or kind == "zero-both":
            rate = 0.0
        if kind == "all-converted-both":
            rate = 1.0
        control = random_arm(base_users, rate)
        if kind == "all-converted":
            control = (base_users, base_users)
        treatments = []
        for _ in range(arms):
            users = base_users if kind not in ("unequal", "srm") else int(base_users * rng.uniform(0.2, 5))
            users = max(users, 1)
            if kind == "srm":
                users = int(base_users * rng.choice([0.9, 0.95, 1.02, 1.2]))
            effect = float(rng.choice([0.0, rng.normal(0, 0.03), rng.normal(0, 0.1)]))
            treatment_rate = {"zero-treatment": 0.0, "zero-both": 0.0, "all-converted-both": 1.0}.get(
                kind, rate + effect)
            treatments.append(random_arm(users, treatment_rate))
        alpha = float(rng.choice([0.05, 0.05, 0.01, 0.1]))
        power = float(rng.choice([0.8, 0.8, 0.9]))
        weights = None
        if index % 4 != 3:
            weights = [1.0] * (arms + 1) if index % 3 else list(rng.choice([1.0, 2.0, 3.0], arms + 1))
        cases.append((kind, control, treatments, weights, alpha, power))
    return cases


def experiment_vectors():
    rows = []
    for index, (kind, control, treatments, weights, alpha, power) in enumerate(experiment_cases()):
        comparisons = [compare(treatment, control, alpha, power) for treatment in treatments]
        adjusted = multipletests([c["pValue"] for c in comparisons], method="holm")[1]
        for comparison, value in zip(comparisons, adjusted):
            comparison["adjustedPValue"] = float(value)
            comparison["isSignificant"] = bool(value < alpha)
        sample_ratio = None
        if weights is not None:
            observed = np.array([control[0]] + [t[0] for t in treatments], dtype=float)
            expected = observed.sum() * np.array(weights) / np.sum(weights)
            statistic, p_value = stats.chisquare(observed, expected)
            sample_ratio = {"chiSquare": float(statistic), "degreesOfFreedom": len(observed) - 1,
                            "pValue": float(p_value), "isMismatch": bool(p_value < 0.001)}
        rows.append({
            "name": f"{kind}-{index}", "alpha": alpha, "power": power,
            "control": {"users": control[0], "conversions": control[1]},
            "treatments": [{"users": t[0], "conversions": t[1]} for t in treatments],
            "weights": weights, "comparisons": comparisons, "sampleRatio": sample_ratio,
        })
    return rows


def holm_vectors():
    rows = []
    for size in [1, 2, 3, 4, 6, 10]:
        for _ in range(6):
            p = rng.uniform(0, 1, size) ** rng.uniform(1, 6)
            if size > 2 and rng.uniform() < 0.3:
                p[1] = p[0]  # ties
            rows.append({"pValues": [float(v) for v in p],
                         "adjusted": [float(v) for v in multipletests(p, method="holm")[1]]})
    return rows


def main():
    normal_cdf, normal_quantile = normal_vectors()
    incomplete_beta, log_beta = beta_vectors()
    document = {
        "about": "Expected values from scipy/statsmodels for the FlowReports statistics tests; "
                 "regenerate with Reference/generate_statistics_vectors.py",
        "seed": SEED, "scipy": scipy.__version__, "statsmodels": statsmodels.__version__, "numpy": np.__version__,
        "normalCDF": normal_cdf, "normalQuantile": normal_quantile,
        "chiSquareSurvival": chi_square_vectors(), "incompleteGamma": incomplete_gamma_vectors(),
        "incompleteBeta": incomplete_beta, "logBeta": log_beta,
        "chanceToBeatControl": chance_vectors(), "holm": holm_vectors(), "experiments": experiment_vectors(),
    }
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(json.dumps(document, indent=None, separators=(",", ":")) + "\n")
    report_solver_gap(document["experiments"])
    print(f"wrote {OUTPUT} ({OUTPUT.stat().st_size:,} bytes)")


def report_solver_gap(experiments):
    """How far statsmodels' own solve_power answers are from the tight roots (its xtol is 1e-5)."""
    gaps = {"requiredControlUsers": 0.0, "minimumDetectableEffect": 0.0}
    for experiment in experiments:
        for comparison in experiment["comparisons"]:
            for key in gaps:
                tight, raw = comparison[key], comparison[key + "Statsmodels"]
                if tight is not None and raw is not None:
                    gaps[key] = max(gaps[key], abs(raw - tight) / max(abs(tight), 1e-300))
    print("largest relative gap statsmodels solve_power vs tight root:", gaps)


if __name__ == "__main__":
    main()
