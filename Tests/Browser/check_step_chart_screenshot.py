#!/usr/bin/env python3
"""Checks that a page's step-by-step chart is drawn whole, from a screenshot taken by headless Chromium.

    check_step_chart_screenshot.py PAGE.png

PAGE is the report's "Step by step" section alone, in a window wider than the chart. Prints what it finds as
JSON, and exits 1 unless the chart is drawn: a gaining term's marker and interval (green), a losing term's (red),
the end-to-end diamond (dark), and nothing cut at the window's right edge.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_paths_screenshot import read_png  # noqa: E402


def close(pixel, colour, tolerance=40):
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour))


def main():
    width, height, channels, rows = read_png(sys.argv[1])
    green, red, dark, edge = 0, 0, 0, 0
    for y, row in enumerate(rows):
        for x in range(width):
            pixel = row[x * channels:x * channels + 3]
            if close(pixel, (26, 127, 55)):
                green += 1
            elif close(pixel, (207, 34, 46)):
                red += 1
            elif close(pixel, (31, 35, 40), 20):
                dark += 1
            if x >= width - 8 and sum(pixel) < 600:
                edge += 1
    found = {"green": green, "red": red, "dark": dark, "at_right_edge": edge}
    print(json.dumps(found))
    drawn = green >= 30 and red >= 30 and dark >= 200 and edge == 0
    sys.exit(0 if drawn else 1)


if __name__ == "__main__":
    main()
