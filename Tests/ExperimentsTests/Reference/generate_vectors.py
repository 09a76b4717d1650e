#!/usr/bin/env python3
"""Generate reference vectors for the Swift Experiments module from the GrowthBook Python SDK.

Usage (from the package root, after `pip install growthbook`):

    python3 Tests/ExperimentsTests/Reference/generate_vectors.py

Writes Tests/ExperimentsTests/Resources/python-reference-vectors.json. Everything is derived from a fixed random
seed, so re-running with the same SDK version reproduces the file byte for byte.

Sections:
  hash              [seed, value, version, expected or null]
  hashString        [number, JS String(number)] (how numeric hash attributes are stringified)
  bucketRanges      [variationCount, coverage, weights or null, [[start, end], ...]]
  chooseVariation   [bucket, [[start, end], ...], index or -1]
  inNamespace       [userId, [id, start, end], bool]
  equalWeights      [count, [weights]]
  paddedVersion     [version, padded]
  attributeDocs     [attribute document, ...]
  conditions        [{"condition": ..., "results": [[docIndex, bool], ...], "savedGroups": {...}?}]
  run               [{"experiment": {...}, "attributes": {...}, "inExperiment": bool, "variationId": int,
                      "hashUsed": bool, "bucket": number or null}] (GrowthBook.run on one experiment)

Note on astral characters: growthbook 4.x hashes UTF-16 code units (surrogatepass), exactly as the JS SDK's
charCodeAt loop, so ids with characters above U+FFFF are included and must agree too. (Older Python SDK releases
hashed ord(c) per code point and disagreed with JS for such ids.)
"""

import json
import os
import random
from importlib.metadata import version as package_version

from growthbook import GrowthBook, Experiment, core

SEED = 20261122
rng = random.Random(SEED)

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Resources", "python-reference-vectors.json")

ASCII = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:@/ !#$%&*()+=?"
BMP = "éèêëàâäôöûüçñÉÀÖÜßøåæœ中文字测试日本語한국어ÆЖжЯяΩωπ€£¥©®™ـعربيה עברית\u00a0\u2028\ufeff\uffff\ue000"
ASTRAL = ["😀", "👍🏽", "𝔘𝔫𝔦", "🇫🇷", "𠀋", "🙂‍↔️"]


def random_string(max_len, alphabet):
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, max_len)))


def random_id():
    kind = rng.random()
    if kind < 0.45:
        return random_string(24, ASCII)
    if kind < 0.75:
        return random_string(16, ASCII + BMP)
    if kind < 0.85:
        return random_string(6, ASCII) + rng.choice(ASTRAL) + random_string(6, BMP)
    if kind < 0.90:
        return ""
    if kind < 0.95:
        return "user-" + str(rng.randint(0, 10**9))
    return random_string(rng.randint(200, 1200), ASCII + BMP)


def random_seed():
    kind = rng.random()
    if kind < 0.3:
        return ""
    if kind < 0.7:
        return rng.choice(["onboarding-order", "my-test", "checkout", "__namespace", "seed"]) + random_string(4, ASCII)
    return random_string(12, ASCII + BMP)


def hash_vectors():
    cases = []
    for _ in range(4000):
        seed, value = random_seed(), random_id()
        version = rng.choice([1, 2, 2, 2, 1, 3 if rng.random() < 0.05 else 2])
        cases.append([seed, value, version, core.gbhash(seed, value, version)])
    return cases


def hash_string_vectors():
    numbers = [1, -1, 0.5, 1e21, 1e-7, 123456789, 1.5e300, 5e-324, 0.1 + 0.2, 2**53, 2**53 + 2, 1e20, 123e-20, 100, 1.25]
    for _ in range(300):
        kind = rng.random()
        if kind < 0.3:
            numbers.append(rng.randint(-10**12, 10**12))
        elif kind < 0.6:
            numbers.append(rng.uniform(-1000, 1000))
        else:
            numbers.append(rng.uniform(0.5, 9.5) * 10 ** rng.randint(-30, 30))
    return [[n, core._hash_string(n)] for n in numbers]


def random_weights(n):
    kind = rng.random()
    if kind < 0.2:
        return None
    if kind < 0.55:
        raw = [rng.random() for _ in range(n)]
        total = sum(raw) or 1
        return [w / total for w in raw]
    if kind < 0.65:
        return [round(1 / n, 4) for _ in range(n)] if n else []
    if kind < 0.75:
        return [rng.random() for _ in range(rng.randint(0, 5))]
    if kind < 0.85:
        return [rng.choice([0.5, -0.2, 0.7, 0.3, 0.25, 0, 1]) for _ in range(n)]
    return [0.4, 0.6] if n == 2 else [rng.uniform(0, 0.5) for _ in range(n)]


def bucket_range_vectors():
    cases = []
    for _ in range(1000):
        n = rng.randint(0, 6)
        coverage = rng.choice([1, 0, 0.5, 0.99, 1.2, -0.3, rng.random(), rng.random()])
        weights = random_weights(n)
        ranges = core.getBucketRanges(n, coverage, weights)
        cases.append([n, coverage, weights, [list(r) for r in ranges]])
    return cases


def choose_variation_vectors():
    cases = []
    for _ in range(600):
        n = rng.randint(1, 5)
        ranges = [list(r) for r in core.getBucketRanges(n, rng.choice([1, rng.random()]), random_weights(n))]
        bucket = rng.choice([rng.random(), round(rng.random(), 4), ranges[0][0], ranges[-1][1], 0.0, 0.9999])
        index = core.chooseVariation(bucket, [tuple(r) for r in ranges])
        cases.append([bucket, ranges, index])
    return cases


def namespace_vectors():
    cases = []
    for _ in range(1500):
        user = random_id()
        start = round(rng.random(), 3)
        end = round(min(1, start + rng.random()), 3)
        namespace = [rng.choice(["ns", "pricing", "onboarding", random_string(8, ASCII + BMP)]), start, end]
        cases.append([user, namespace, core.inNamespace(user, tuple(namespace))])
    return cases


def padded_version_vectors():
    versions = ["1.2.3", "v1.2.3", "1.2.3-rc.1+build.5", "10.0.0", "1.0", "1", "", "v", "1.2.3.4.5", "1-2-3", "01.002.3",
                "1.0.0-alpha.beta", "0.0.0-0", "99999.0.1", "123456.1.1", "1.2.3+", "+1.2.3", "v+x", "a.b.c", "1..2",
                "1.2.3-", "٣.٢.١", "1.².3", "1.2.3\n", "1.2.3+x\n", "1.2.3+a\nb", "1.2.3+a\nb+c"]
    for _ in range(300):
        parts = [str(rng.randint(0, 120)) for _ in range(rng.randint(1, 4))]
        text = ".".join(parts)
        if rng.random() < 0.4:
            text += "-" + rng.choice(["alpha", "beta", "rc", "0", "11", "x-y", "RC"]) + rng.choice(["", ".1", ".22", ".a"])
        if rng.random() < 0.2:
            text += "+" + random_string(5, ASCII)
        if rng.random() < 0.2:
            text = "v" + text
        versions.append(text)
    return [[v, core.paddedVersionString(v)] for v in versions]


# ---- conditions -------------------------------------------------------------------------------------------------

STRINGS = ["", "hello", "Hello", "world", "US", "us", "GB", "tablet", "phone", "foo", "bar", "foobar", "1.2.3", "10.0.1",
           "2.0.0-beta", "v1.9.0", "abc123", "ÉCOLE", "école", "中文", "a.b", "5", "true", "null", "Zed", "zoo", "😀x"]
NUMBERS = [0, 1, -1, 2, 3, 5, 10, 18, 21, 65, 100, 0.5, 1.5, 99.9, -3.25, 1000000]
PATHS = ["name", "age", "country", "tags", "nums", "active", "version", "score", "nested.a.b", "nested.a", "items",
         "tags.0", "tags.1", "tags.length", "nums.length", "missing", "missing.deep", "nothing", "nested.list.1.x",
         "empty", "obj"]
# Patterns in the syntax Python's re and ECMAScript share, plus patterns invalid in both. Python-only syntax such as
# (?P<name>...) is deliberately absent: ECMAScript rejects it, so there the SDKs cannot agree.
REGEXES = ["^h", "o$", "l+", "^[A-Z]", "[0-9]+", "foo|bar", "^$", "^\\d+\\.\\d+", "^(US|GB)$", "b.r", "É", "x*",
           "(", "[a-", "*a", "a{2,1}", "\\", ")"]
TYPES = ["null", "boolean", "number", "string", "array", "object", "undefined", "String", 5]


def random_scalar():
    kind = rng.random()
    if kind < 0.45:
        return rng.choice(STRINGS)
    if kind < 0.8:
        return rng.choice(NUMBERS)
    if kind < 0.92:
        return rng.choice([True, False])
    return None


def random_value(depth=0):
    kind = rng.random()
    if depth < 2 and kind < 0.12:
        return [random_value(depth + 1) for _ in range(rng.randint(0, 3))]
    if depth < 2 and kind < 0.18:
        return {rng.choice(["a", "b", "x", "0", "1"]): random_value(depth + 1) for _ in range(rng.randint(0, 2))}
    return random_scalar()


def random_doc():
    doc = {}
    maybe = lambda p: rng.random() < p
    if maybe(0.85): doc["name"] = rng.choice(STRINGS) if maybe(0.85) else random_value()
    if maybe(0.85): doc["age"] = rng.choice(NUMBERS) if maybe(0.8) else random_value()
    if maybe(0.8): doc["country"] = rng.choice(["US", "GB", "us", "FR", "", "DE"]) if maybe(0.85) else random_value()
    if maybe(0.8): doc["tags"] = [rng.choice(STRINGS) for _ in range(rng.randint(0, 4))] if maybe(0.8) else random_value()
    if maybe(0.7): doc["nums"] = [rng.choice(NUMBERS + [True, None]) for _ in range(rng.randint(0, 4))]
    if maybe(0.7): doc["active"] = rng.choice([True, False, 1, 0, "true", None])
    if maybe(0.7): doc["version"] = rng.choice(["1.2.3", "1.10.0", "2.0.0-beta.1", "v1.9.9", "10.0.0", "1.2", "", 1.5, 2])
    if maybe(0.6): doc["score"] = rng.choice(NUMBERS + ["5", None])
    if maybe(0.6):
        doc["nested"] = {"a": {"b": random_scalar()} if maybe(0.8) else random_value(),
                         "list": [{"x": random_scalar()}, {"x": random_scalar()}]}
    if maybe(0.5):
        doc["items"] = [{"k": rng.choice(["a", "b", "c"]), "v": rng.choice(NUMBERS)} for _ in range(rng.randint(0, 3))] + \
                       ([None] if maybe(0.2) else [])
    if maybe(0.3): doc["nothing"] = None
    if maybe(0.3): doc["empty"] = rng.choice([[], {}, ""])
    if maybe(0.4): doc["obj"] = rng.choice([{"a": 1, "b": 2}, {"b": 2, "a": 1}, {"1": "x", "0": "y"}, {"0": "y", "1": "x"}, {}])
    keys = list(doc.keys())
    rng.shuffle(keys)
    return {k: doc[k] for k in keys}


def random_operator_object(depth):
    ops = {}
    for _ in range(rng.choice([1, 1, 1, 2])):
        op, operand = random_operator(depth)
        ops[op] = operand
    return ops


def random_operator(depth):
    op = rng.choice(["$eq", "$ne", "$lt", "$lte", "$gt", "$gte", "$veq", "$vne", "$vlt", "$vlte", "$vgt", "$vgte",
                     "$in", "$nin", "$ini", "$nini", "$all", "$alli", "$elemMatch", "$size", "$exists", "$type",
                     "$not", "$regex", "$regexi", "$notRegex", "$notRegexi", "$inGroup", "$notInGroup", "$foo",
                     "$or", "$and"])
    if op in ("$eq", "$ne"):
        return op, random_value()
    if op in ("$lt", "$lte", "$gt", "$gte"):
        return op, rng.choice(NUMBERS + STRINGS + [True, None, [1]])
    if op.startswith("$v"):
        return op, rng.choice(["1.2.3", "1.10.0", "2.0.0", "2.0.0-beta.1", "v1.9.9", "1.2", "", "10.0.0", 1.5, 2, None])
    if op in ("$in", "$nin", "$ini", "$nini"):
        if rng.random() < 0.1:
            return op, random_value()
        return op, [random_scalar() for _ in range(rng.randint(0, 4))] + ([random_value()] if rng.random() < 0.2 else [])
    if op in ("$all", "$alli"):
        if rng.random() < 0.1:
            return op, random_scalar()
        return op, [rng.choice(STRINGS + NUMBERS) if rng.random() < 0.8 or depth > 2 else random_operator_object(depth + 1)
                    for _ in range(rng.randint(0, 3))]
    if op == "$elemMatch":
        if depth > 2 or rng.random() < 0.5:
            return op, random_operator_object(depth + 1) if depth <= 2 else {"$eq": random_scalar()}
        if rng.random() < 0.1:
            return op, random_scalar()
        return op, random_condition(depth + 1, paths=["k", "v", "x", "a"])
    if op == "$size":
        return op, rng.choice([0, 1, 2, 3, {"$gt": 1}, {"$lte": 2}, "2"])
    if op == "$exists":
        return op, rng.choice([True, False, 0, 1, "", "yes", None, [], {}])
    if op == "$type":
        return op, rng.choice(TYPES)
    if op == "$not":
        if depth > 2:
            return op, random_scalar()
        return op, random_operator_object(depth + 1) if rng.random() < 0.7 else random_scalar()
    if op.startswith("$regex") or op.startswith("$notRegex"):
        return op, rng.choice(REGEXES) if rng.random() < 0.95 else 5
    if op in ("$inGroup", "$notInGroup"):
        return op, rng.choice(["group_a", "group_b", "unknown_group", 3])
    if op in ("$or", "$and"):
        return op, [{"$eq": 1}]
    return op, random_value()


def random_condition(depth=0, paths=PATHS):
    condition = {}
    for _ in range(rng.choice([1, 1, 1, 1, 2, 3])):
        kind = rng.random()
        if depth < 2 and kind < 0.08:
            condition["$or"] = [random_condition(depth + 1, paths) for _ in range(rng.randint(0, 3))]
        elif depth < 2 and kind < 0.13:
            condition["$and"] = [random_condition(depth + 1, paths) for _ in range(rng.randint(1, 3))]
        elif depth < 2 and kind < 0.17:
            condition["$nor"] = [random_condition(depth + 1, paths) for _ in range(rng.randint(1, 2))]
        elif depth < 2 and kind < 0.21:
            condition["$not"] = random_condition(depth + 1, paths)
        elif kind < 0.23:
            condition[rng.choice(["$or", "$and", "$nor", "$not"])] = rng.choice(["abc", "", 5, {}, {"a": 1}, None, True, [5]])
        elif kind < 0.40:
            condition[rng.choice(paths)] = random_value()
        else:
            condition[rng.choice(paths)] = random_operator_object(depth)
    return condition


SAVED_GROUPS = {"group_a": ["US", "GB", 1, 5, "hello"], "group_b": [True, 0, "tablet"]}


def targeted_condition(doc):
    """A condition built from a value the document really has, so that matches are well represented."""
    if not doc:
        return {"missing": {"$exists": False}}
    key = rng.choice(list(doc.keys()))
    value = doc[key]
    options = [value, {"$eq": value}, {"$ne": value}, {"$in": [value, "x"]}, {"$nin": [value]}, {"$gte": value},
               {"$lte": value}, {"$gt": value}, {"$exists": True}, {"$type": core.getType(value)}, {"$veq": value},
               {"$vgte": value}, {"$not": {"$eq": value}}, {"$ini": [value]}]
    if isinstance(value, list):
        options += [{"$size": len(value)}, {"$all": value[:2]}, {"$alli": value[:1]}, {"$in": value[:1]}]
        if value:
            options += [{"$elemMatch": {"$eq": value[0]}}, {"$elemMatch": {"$in": value}}]
    if isinstance(value, str) and value:
        options += [{"$regex": "^" + "".join(c if c.isalnum() else "." for c in value[:2])}, {"$regexi": value[:1].upper() if value[:1].isalnum() else "."}]
    return {key: rng.choice(options)}


def condition_vectors():
    docs = [random_doc() for _ in range(250)] + [{}, {"name": None}, {"tags": []}, {"age": "21"}]
    cases = []
    for _ in range(2500):
        target = rng.randrange(len(docs))
        condition = targeted_condition(docs[target]) if rng.random() < 0.35 else random_condition()
        saved = rng.random() < 0.15
        results = []
        for index in [target] + rng.sample(range(len(docs)), 5):
            results.append([index, core.evalCondition(docs[index], condition, SAVED_GROUPS if saved else None)])
        case = {"condition": condition, "results": results}
        if saved:
            case["savedGroups"] = SAVED_GROUPS
        cases.append(case)
    return docs, cases


def random_run_case():
    n = rng.randint(2, 4)
    experiment = {"key": rng.choice(["onboarding-order", "checkout", "pricing-" + random_string(4, ASCII)]),
                  "variations": list(range(n)), "hashVersion": rng.choice([1, 2, 2, 2, 3] if rng.random() < 0.05 else [1, 2, 2])}
    if rng.random() < 0.6:
        experiment["weights"] = random_weights(n)
    if rng.random() < 0.4:
        experiment["coverage"] = rng.choice([1, 0, 0.5, 0.25, 0.99, rng.random(), 1.2, -0.1])
    if rng.random() < 0.2:
        experiment["seed"] = rng.choice(["", "seed", random_string(10, ASCII + BMP)])
    if rng.random() < 0.2:
        experiment["hashAttribute"] = "companyId"
    if rng.random() < 0.12:
        start = round(rng.random(), 2)
        experiment["namespace"] = [rng.choice(["auth", "pricing"]), start, round(min(1, start + rng.random()), 2)]
    if rng.random() < 0.1:
        filters = []
        for _ in range(rng.randint(1, 2)):
            start = round(rng.random(), 2)
            entry = {"seed": rng.choice(["", "f", "holdout"]), "ranges": [[start, round(min(1, start + rng.random()), 2)]]}
            if rng.random() < 0.3:
                entry["attribute"] = "companyId"
            if rng.random() < 0.3:
                entry["hashVersion"] = rng.choice([1, 2])
            filters.append(entry)
        experiment["filters"] = filters
    if rng.random() < 0.2:
        experiment["condition"] = rng.choice([{"country": "US"}, {"country": {"$in": ["US", "GB"]}}, {"country": {"$ne": "FR"}}])
    if rng.random() < 0.1:
        experiment["force"] = rng.choice([0, 1, n - 1, n, -1])
    if rng.random() < 0.1:
        experiment["active"] = False
    attributes = {}
    kind = rng.random()
    if kind < 0.85:
        attributes["id"] = random_id()
    elif kind < 0.93:
        attributes["id"] = rng.choice([0, 1, 42, -7, 1.5, 1e21, True, None, ["a"]])
    if rng.random() < 0.5:
        attributes["companyId"] = rng.choice(["c1", "c2", "acme", "", 7])
    if rng.random() < 0.7:
        attributes["country"] = rng.choice(["US", "GB", "FR", "DE"])
    # The SDK takes ownership of what it is given (destroy() clears the attributes), so it gets copies.
    gb = GrowthBook(attributes=json.loads(json.dumps(attributes)))
    sdk_experiment = json.loads(json.dumps(experiment))
    if "namespace" in sdk_experiment:
        sdk_experiment["namespace"] = tuple(sdk_experiment["namespace"])
    result = gb.run(Experiment(**sdk_experiment))
    gb.destroy()
    return {"experiment": experiment, "attributes": attributes, "inExperiment": result.inExperiment,
            "variationId": result.variationId, "hashUsed": result.hashUsed, "bucket": result.bucket}


def main():
    docs, conditions = condition_vectors()
    vectors = {
        "generator": "Tests/ExperimentsTests/Reference/generate_vectors.py",
        "growthbookPythonSDK": package_version("growthbook"),
        "randomSeed": SEED,
        "hash": hash_vectors(),
        "hashString": hash_string_vectors(),
        "bucketRanges": bucket_range_vectors(),
        "chooseVariation": choose_variation_vectors(),
        "inNamespace": namespace_vectors(),
        "equalWeights": [[n, core.getEqualWeights(n)] for n in range(-2, 25)],
        "paddedVersion": padded_version_vectors(),
        "attributeDocs": docs,
        "conditions": conditions,
        "run": [random_run_case() for _ in range(2000)],
    }
    with open(OUT, "w", encoding="utf-8") as handle:
        json.dump(vectors, handle, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        handle.write("\n")
    sizes = {k: len(v) for k, v in vectors.items() if isinstance(v, list)}
    print(f"wrote {os.path.normpath(OUT)} ({os.path.getsize(OUT)} bytes): {sizes}")


if __name__ == "__main__":
    main()
