#!/usr/bin/env python3
"""Writes the reference vectors of the sequential (always-valid) comparison of two conversion rates.

The formulas are those of Waudby-Smith et al. 2023, "Time-uniform central limit theory and asymptotic
confidence sequences" (arXiv 2103.06476v7), in the parametrisation of GrowthBook's gbstats
`SequentialTwoSidedTTest`, written out here with numpy at double precision:

* rho (eq. 161)          = sqrt((-2 ln(alpha) + ln(-2 ln(alpha) + 1)) / N*)        N* = tuning (total users)
* half-width (eq. 9)     = sqrt(v n) * sqrt(2 (n rho^2 + 1) ln(sqrt(n rho^2 + 1) / alpha) / (n rho)^2)
* p-value (eq. 155)      = min(1, 1 / E),  E = exp(rho^2 (d^2 n / v) / (2 (n rho^2 + 1))) / sqrt(n rho^2 + 1)

with d = pT - pC, v = pT(1-pT)/nT + pC(1-pC)/nC (unpooled) and n = nT + nC. The Newcombe and log-ratio
references of the fixed-horizon statistics are in generate_statistics_vectors.py.

Usage: python3 generate_sequential_vectors.py   (needs numpy; deterministic, seed below)
"""

import json
import pathlib

import numpy as np

SEED = 20261123
OUTPUT = pathlib.Path(__file__).resolve().parent.parent / "Resources" / "sequential-vectors.json"
rng = np.random.default_rng(SEED)


def rho(alpha, tuning):
    return float(np.sqrt((-2 * np.log(alpha) + np.log(-2 * np.log(alpha) + 1)) / tuning))


def half_width(variance, n, alpha, r):
    return float(np.sqrt(variance * n) * np.sqrt(2 * (n * r ** 2 + 1) * np.log(np.sqrt(n * r ** 2 + 1) / alpha) / (n * r) ** 2))


def p_value(d, variance, n, r):
    tr2p1 = n * r ** 2 + 1
    with np.errstate(over="ignore"):  # an e-value past the double range is a p-value of 0
        e_value = np.exp(r ** 2 * (d ** 2 * n / variance) / (2 * tr2p1)) / np.sqrt(tr2p1)
    return float(min(1.0, 1.0 / e_value))


def cases():
    rows = []
    for _ in range(200):
        n_t, n_c = int(rng.integers(20, 200_000)), int(rng.integers(20, 200_000))
        rate = float(rng.uniform(0.02, 0.9))
        x_t = int(rng.binomial(n_t, min(0.99, rate * rng.uniform(0.85, 1.15))))
        x_c = int(rng.binomial(n_c, rate))
        alpha = float(rng.choice([0.05, 0.01, 0.1]))
        tuning = float(rng.choice([5000.0, 1000.0, 50_000.0]))
        p_t, p_c = x_t / n_t, x_c / n_c
        variance = p_t * (1 - p_t) / n_t + p_c * (1 - p_c) / n_c
        if variance <= 0:
            continue
        n = n_t + n_c
        r = rho(alpha, tuning)
        width = half_width(variance, n, alpha, r)
        rows.append({
            "treatment": {"users": n_t, "conversions": x_t}, "control": {"users": n_c, "conversions": x_c},
            "alpha": alpha, "tuningUsers": tuning, "rho": r,
            "lower": p_t - p_c - width, "upper": p_t - p_c + width, "pValue": p_value(p_t - p_c, variance, n, r),
        })
    return rows


def main():
    document = {
        "about": "Always-valid interval and p-value of pT - pC (asymptotic confidence sequences, gbstats "
                 "parametrisation); regenerate with Reference/generate_sequential_vectors.py",
        "seed": SEED, "numpy": np.__version__, "cases": cases(),
    }
    OUTPUT.write_text(json.dumps(document, indent=None, separators=(",", ":")) + "\n")
    print(f"wrote {OUTPUT} ({len(document['cases'])} cases)")


if __name__ == "__main__":
    main()
