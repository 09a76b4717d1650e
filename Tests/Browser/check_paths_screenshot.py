#!/usr/bin/env python3
"""Checks that a report's observed paths are drawn, from two screenshots of it taken by headless Chromium.

    check_paths_screenshot.py WITH_PATHS.png WITHOUT_PATHS.png

WITH_PATHS is the HTML report of a log; WITHOUT_PATHS the same report with `--top-paths 0`. Above the paths
section the two pages are the same, so the section is what WITH_PATHS shows from the first row where they
differ. Prints what it finds there as JSON, and exits 1 unless the section is drawn: the arrows of moves users
made (blue), "left here" counts (red), screen boxes and their names (dark), over a region of real height.
A blank or missing section fails: the check compares pixels, not markup.
"""
import json
import struct
import sys
import zlib


def read_png(path):
    with open(path, "rb") as handle:
        data = handle.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG")
    position, chunks, header = 8, [], None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        position += 12 + length
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or color not in (2, 6) or interlace:
        raise SystemExit(f"{path}: expected 8-bit RGB or RGBA, not interlaced")
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:
            for i in range(channels, stride):
                line[i] = (line[i] + line[i - channels]) & 0xFF
        elif kind == 2:
            for i in range(stride):
                line[i] = (line[i] + previous[i]) & 0xFF
        elif kind == 3:
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                b = previous[i]
                c = previous[i - channels] if i >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def main():
    width, height, channels, with_paths = read_png(sys.argv[1])
    other_width, other_height, other_channels, without = read_png(sys.argv[2])
    first = next((y for y in range(min(height, other_height)) if with_paths[y] != without[y]), min(height, other_height))
    blue = red = dark = 0
    last = first
    for y in range(first, height):
        row = with_paths[y]
        for x in range(0, width * channels, channels):
            r, g, b = row[x], row[x + 1], row[x + 2]
            if (r, g, b) == (255, 255, 255):
                continue
            last = y
            if b > 180 and r < 140 and b - r > 70:
                blue += 1
            elif r > 170 and g < 110 and b < 110:
                red += 1
            elif r < 90 and g < 90 and b < 90:
                dark += 1
    found = {"section_top": first, "section_height": last - first, "blue": blue, "red": red, "dark": dark}
    print(json.dumps(found))
    problems = [name for name, ok in (
        ("a section of real height", found["section_height"] >= 150),
        ("arrows of moves users made", blue >= 400),
        ("counts of users who left", red >= 100),
        ("screen boxes and names", dark >= 400),
    ) if not ok]
    if problems:
        print("the observed paths are not drawn: missing " + ", ".join(problems), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
