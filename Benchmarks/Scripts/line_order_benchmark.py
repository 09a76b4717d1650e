#!/usr/bin/env python3
"""Side by side: `switchyard report` on a simulated log in order and on the same log shuffled line by line.

Usage: line_order_benchmark.py SWITCHYARD [--users N] [--runs R] [--config PATH] [--behavior PATH] [--dir DIR]

Simulates N users (default 200000) into DIR/in-order.jsonl, writes DIR/shuffled.jsonl (the same lines in
a seeded random order), then runs `report --format json` on each, alternating, R times (default 5).
Prints the fastest and median wall time and the peak resident memory of each, the ratio shuffled / in
order, and checks that both reports hold the same numbers (their "experiments" sections are
byte-identical). Build SWITCHYARD in release mode (`swift build -c release`).
"""
import argparse
import os
import random
import statistics
import subprocess
import sys
import time


def run_report(switchyard, config, log):
    """Runs one report; returns (wall seconds, stdout)."""
    start = time.perf_counter()
    process = subprocess.Popen(
        [switchyard, "report", log, "--config", config, "--format", "json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    stdout, stderr = process.communicate()
    wall = time.perf_counter() - start
    if process.returncode != 0:
        sys.exit("report failed on %s: %s" % (log, stderr.decode()))
    return wall, stdout.decode()


def peak_rss_mib(switchyard, config, log):
    """Peak resident memory of one report run, as GNU time measures it."""
    result = subprocess.run(
        ["/usr/bin/time", "-f", "%M", switchyard, "report", log, "--config", config, "--format", "json"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=True,
    )
    return int(result.stderr.decode().strip().splitlines()[-1]) / 1024


def experiments_section(report):
    start = report.index('"experiments"')
    end = report.index('"inputs"')
    return report[start:end]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("switchyard")
    parser.add_argument("--users", type=int, default=200000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--config", default="Configuration/experiments.json")
    parser.add_argument("--behavior", default="Configuration/behavior.json")
    parser.add_argument("--dir", default="/tmp/line-order-benchmark")
    arguments = parser.parse_args()
    os.makedirs(arguments.dir, exist_ok=True)
    in_order = os.path.join(arguments.dir, "in-order.jsonl")
    shuffled = os.path.join(arguments.dir, "shuffled.jsonl")
    subprocess.run(
        [arguments.switchyard, "simulate", "--users", str(arguments.users), "--config", arguments.config,
         "--behavior", arguments.behavior, "--events", in_order, "--replace"],
        check=True, stdout=subprocess.DEVNULL,
    )
    with open(in_order, "rb") as f:
        lines = f.readlines()
    random.Random(42).shuffle(lines)
    with open(shuffled, "wb") as f:
        f.writelines(lines)
    print("log: %d events, %.1f MiB" % (len(lines), os.path.getsize(in_order) / 2**20))

    times = {in_order: [], shuffled: []}
    reports = {}
    for _ in range(arguments.runs):
        for log in (in_order, shuffled):
            wall, report = run_report(arguments.switchyard, arguments.config, log)
            times[log].append(wall)
            reports[log] = report
    if experiments_section(reports[in_order]) != experiments_section(reports[shuffled]):
        sys.exit("the reports differ")
    peaks = {log: peak_rss_mib(arguments.switchyard, arguments.config, log) for log in (in_order, shuffled)}
    for name, log in (("in order", in_order), ("shuffled", shuffled)):
        print("%-9s fastest %.3f s, median %.3f s, peak RSS %.0f MiB" % (
            name, min(times[log]), statistics.median(times[log]), peaks[log]))
    print("ratio shuffled / in order: fastest %.2fx, median %.2fx; numbers identical" % (
        min(times[shuffled]) / min(times[in_order]),
        statistics.median(times[shuffled]) / statistics.median(times[in_order])))


if __name__ == "__main__":
    main()
