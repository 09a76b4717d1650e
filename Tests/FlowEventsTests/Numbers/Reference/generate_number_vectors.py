#!/usr/bin/env python3
"""Writes the reference vectors of numbers in event properties.

* reading: which texts are JSON numbers (RFC 8259's grammar, as a regular expression below), and the
  double each one is (Python's float(), correctly rounded), or that it overflows a double
* writing: the canonical text of doubles: repr()'s shortest round-tripping digits, laid out without an
  exponent by decimal.Decimal, a whole value as an integer

Usage: python3 generate_number_vectors.py   (standard library only; deterministic, seed below)
"""

import decimal
import json
import math
import pathlib
import random
import re
import struct

SEED = 20261126
OUTPUT = pathlib.Path(__file__).resolve().parent.parent / "Resources" / "number-vectors.json"
JSON_NUMBER = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?")
rng = random.Random(SEED)


def bits(value):
    return struct.pack(">d", value).hex()


def read_case(text):
    if JSON_NUMBER.fullmatch(text) is None:
        return {"text": text, "expected": "notANumber"}
    value = float(text)
    if math.isinf(value):
        return {"text": text, "expected": "outOfRange"}
    return {"text": text, "expected": "number", "bits": bits(value)}


def canonical_text(value):
    if value == 0:
        return "0"
    if value == int(value) and abs(value) < 2**53:
        return str(int(value))
    text = format(decimal.Decimal(repr(value)), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


HOSTILE = [
    "", " ", "0", "-0", "1", "-1", "7", "42", "4599", "-4599", "10", "100",
    "00", "007", "-007", "0.0", "-0.0", "0.5", ".5", "5.", "-.5", "+1", "+0", "++1", "--1", "-", "+",
    " 1", "1 ", "\t1", "1\n", "1 000", "1,5", "1_000", "1e", "1e+", "1e-", "1E5", "1e5", "1e+5", "1e-5",
    "2.5E+3", "1.5e-7", "1e-7", "1e21", "1e22", "1e23", "1e308", "1.7976931348623157e308",
    "1.7976931348623158e308", "1.7976931348623159e308", "1.8e308", "1e309", "1e400", "-1e400",
    "1e-300", "1e-320", "5e-324", "2e-324", "3e-324", "1e-400", "-1e-400", "0e999999999999999999999",
    "1e999999999999999999999", "1e-999999999999999999999",
    "NaN", "nan", "-NaN", "Infinity", "-Infinity", "inf", "-inf", "infinity", "null", "true", "abc",
    "0x10", "0X1F", "0b1", "0o7", "1f", "1d", "1.0f", "١٢", "１", "1\u00a0", "\"1\"", "[1]", "{}", "e5",
    "9007199254740992", "9007199254740993", "9007199254740994", "9007199254740995",
    "18446744073709551615", "18446744073709551616", "9223372036854775807", "-9223372036854775808",
    "123456789012345678901234567890", "0.1", "0.2", "0.3", "0.30000000000000004", "3.14159265358979323846",
    "2.2250738585072011e-308", "2.2250738585072014e-308", "4.9406564584124654e-324",
    "0.000000000000000000000000000001", "1.00000000000000011102230246251565404236316680908203125",
    "1.00000000000000011102230246251565404236316680908203124", "1.00000000000000011102230246251565404236316680908203126",
    "9007199254740993.0000000000000000000001", "1000000000000000000000000.0",
    "1" + "0" * 308, "1" + "0" * 309, "1" + "0" * 399, "9" * 308, "9" * 309, "-" + "9" * 400,
    "0." + "0" * 400 + "1", "1." + "0" * 400 + "1", "0." + "9" * 400, "1" * 400 + "e-100",
    "12.50", "12.500000", "4599.00", "-0e5", "0e-5", "0.0e0",
]


def random_texts():
    texts = []
    digits = "0123456789"
    for _ in range(600):
        integer = rng.choice(["0", rng.choice("123456789") + "".join(rng.choices(digits, k=rng.randrange(0, 30)))])
        text = rng.choice(["", "-"]) + integer
        if rng.random() < 0.6:
            text += "." + "".join(rng.choices(digits, k=rng.randrange(1, 30)))
        if rng.random() < 0.5:
            text += rng.choice("eE") + rng.choice(["", "+", "-"]) + str(rng.randrange(0, 400))
        if rng.random() < 0.1:
            position = rng.randrange(0, len(text) + 1)
            text = text[:position] + rng.choice([" ", "+", "x", ".", "e", "-", "0"]) + text[position:]
        texts.append(text)
    return texts


def write_values():
    values = [0.1, 0.2, 0.1 + 0.2, 1.5, -12.5, 12.5, 4599.0, -0.5, 1e-7, 1.5e-7, 123456.789, 1e21, 1e22, 1e23,
              2.0**53, 2.0**53 + 2, 2.0**60, -(2.0**63), 1.7976931348623157e308, 5e-324, 2.2250738585072014e-308,
              0.000001, 0.0000001, 1e15, 1e16, 1e17, 100.0, 1234.5678, 3.0, -3.0, 0.5, 99.99, 45.99]
    for _ in range(400):
        value = struct.unpack(">d", rng.getrandbits(64).to_bytes(8, "big"))[0]
        if math.isfinite(value):
            values.append(value)
    for _ in range(200):
        values.append(round(rng.uniform(-1e6, 1e6), rng.randrange(0, 6)))
    return [{"bits": bits(value), "text": canonical_text(value)} for value in values]


def main():
    document = {
        "generator": "Tests/FlowEventsTests/Numbers/Reference/generate_number_vectors.py",
        "seed": SEED,
        "read": [read_case(text) for text in HOSTILE + random_texts()],
        "write": write_values(),
    }
    OUTPUT.write_text(json.dumps(document, indent=1, ensure_ascii=True) + "\n")


if __name__ == "__main__":
    main()
