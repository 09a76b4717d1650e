#!/usr/bin/env python3
"""Writes the reference vectors of the guardrail and secondary metrics' statistics.

* Welch's t-test and its interval   -> scipy.stats.ttest_ind(treatment, control, equal_var=False) and its
                                       confidence_interval(confidence_level=1 - alpha)
* Benjamini-Hochberg adjustment     -> statsmodels multipletests(method="fdr_bh")

Usage: python3 generate_metric_vectors.py   (needs scipy, statsmodels; deterministic, seed below)
"""

import json
import pathlib

import numpy as np
import scipy
import statsmodels
from scipy import stats
from statsmodels.stats.multitest import multipletests

SEED = 20261124
OUTPUT = pathlib.Path(__file__).resolve().parent.parent / "Resources" / "metric-vectors.json"
rng = np.random.default_rng(SEED)


def welch_cases():
    rows = []
    for index in range(120):
        kind = index % 4
        n_t, n_c = int(rng.integers(2, 400)), int(rng.integers(2, 400))
        if kind == 0:  # counts per user, like back navigations
            t_values = rng.poisson(rng.uniform(0.1, 3), n_t).astype(float)
            c_values = rng.poisson(rng.uniform(0.1, 3), n_c).astype(float)
        elif kind == 1:  # skewed durations, like seconds to complete
            t_values = rng.lognormal(rng.uniform(2, 4), rng.uniform(0.3, 1.2), n_t)
            c_values = rng.lognormal(rng.uniform(2, 4), rng.uniform(0.3, 1.2), n_c)
        else:
            t_values = rng.normal(rng.uniform(-5, 5), rng.uniform(0.1, 10), n_t)
            c_values = rng.normal(rng.uniform(-5, 5), rng.uniform(0.1, 10), n_c)
        if np.var(t_values) == 0 and np.var(c_values) == 0:
            continue
        alpha = float(rng.choice([0.05, 0.01, 0.1]))
        result = stats.ttest_ind(t_values, c_values, equal_var=False)
        interval = result.confidence_interval(confidence_level=1 - alpha)
        rows.append({
            "treatment": [float(v) for v in t_values], "control": [float(v) for v in c_values], "alpha": alpha,
            "t": float(result.statistic), "pValue": float(result.pvalue), "degreesOfFreedom": float(result.df),
            "lower": float(interval.low), "upper": float(interval.high),
        })
    return rows


def benjamini_hochberg_cases():
    rows = []
    for size in [1, 2, 3, 5, 8, 13]:
        for _ in range(6):
            p = rng.uniform(0, 1, size) ** rng.uniform(1, 6)
            if size > 2 and rng.uniform() < 0.3:
                p[1] = p[0]  # ties
            rows.append({"pValues": [float(v) for v in p],
                         "adjusted": [float(v) for v in multipletests(p, method="fdr_bh")[1]]})
    return rows


def main():
    document = {
        "about": "scipy/statsmodels reference values of Welch's test and Benjamini-Hochberg; regenerate with "
                 "Reference/generate_metric_vectors.py",
        "seed": SEED, "scipy": scipy.__version__, "statsmodels": statsmodels.__version__,
        "welch": welch_cases(), "benjaminiHochberg": benjamini_hochberg_cases(),
    }
    OUTPUT.write_text(json.dumps(document, indent=None, separators=(",", ":")) + "\n")
    print(f"wrote {OUTPUT} ({len(document['welch'])} Welch cases)")


if __name__ == "__main__":
    main()
