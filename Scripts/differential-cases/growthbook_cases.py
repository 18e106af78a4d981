"""Random but valid GrowthBook SDK payloads and attributes, and the official engine's answers.

A case is one payload (a few features whose rules are force rules with conditions of every
operator, coverage, ranges and filters, experiments with weights, ranges, meta, namespaces and
both hash versions, and prerequisites on the other features; saved groups), a few devices'
attributes (some of them missing or of another type than the rules expect), and every feature
asked for. The official engine is the Python SDK (`growthbook` on PyPI), evaluating offline.
"""

import json

from growthbook import GrowthBook

COUNTRIES = ["US", "CA", "us", "NL", "DE", ""]
PLANS = ["pro", "free", "Pro", "team"]
IDS = ["1", "2", "17", "ann", "bob", "user-42", "αβ", "d0bc0a5a"]
TAGS = ["a", "b", "beta", "qa", "A"]
VERSIONS = ["1.0.0", "1.2.3", "2.0.0-beta.1", "2.0.0-beta.10", "2.0.0", "10.0.0", "v1.2.3", "1.2.3+build"]
EMAILS = ["kim@example.com", "ann@EXAMPLE.com", "bob@test.org", "nobody"]
PATTERNS = ["^a", "e$", "(US|CA)", "[0-9]+", "^[a-z]+@example\\.com$", "pro", "^$", "b.b", "^v?1\\."]
VALUES = [True, False, 0, 1, 2.5, "on", "off", "", {"color": "blue"}, [1, 2]]
# What a smaller case keeps, to stay one the generator could write (differential.py shrinks
# cases): the features, each rule's force or variations, a prerequisite's id and condition, a
# filter's seed and ranges; and members whose insides stay whole (a value, weights, ranges).
class Kept(set):
    """Names kept, and every `$operator` (an operator object shrunk to `{}` is another test)."""

    def __contains__(self, name):
        return str(name).startswith("$") or super().__contains__(name)


KEPT = Kept({"features", "rules", "force", "variations", "id", "condition", "ranges", "seed"})
WHOLE = {"variations", "force", "defaultValue", "weights", "ranges", "range", "meta", "namespace", "savedGroups"}


class Generator:
    def __init__(self, rng):
        self.rng = rng

    def case(self):
        rng = self.rng
        groups = {}
        for index in range(rng.randint(0, 2)):
            groups[f"group{index}"] = rng.sample(IDS + [1, 2, 17], rng.randint(1, 4))
        self.groups = list(groups)
        self.keys = [f"feature{index}" for index in range(rng.randint(1, 4))]
        features = {}
        for key in self.keys:
            feature = {}
            if rng.random() < 0.9:
                feature["defaultValue"] = rng.choice(VALUES)
            feature["rules"] = [self.rule(key) for _ in range(rng.randint(0, 4))]
            features[key] = feature
        payload = {"features": features}
        if groups:
            payload["savedGroups"] = groups
        contexts = [self.attributes() for _ in range(rng.randint(1, 4))]
        return {"kind": "growthbook", "payload": payload, "contexts": contexts, "keys": list(self.keys)}

    # Rules

    def rule(self, key):
        rng = self.rng
        rule = {}
        if rng.random() < 0.3:
            rule["id"] = f"rule-{rng.randint(1, 99)}"
        if rng.random() < 0.6:
            rule["condition"] = self.condition(0)
        if rng.random() < 0.2:
            rule["parentConditions"] = [self.parent(key) for _ in range(rng.randint(1, 2))]
        if rng.random() < 0.15:
            rule["filters"] = [self.filter() for _ in range(rng.randint(1, 2))]
        if rng.random() < 0.5:
            self.force(rule)
        else:
            self.experiment(rule)
        return rule

    def hashing(self, rule):
        rng = self.rng
        if rng.random() < 0.4:
            rule["hashAttribute"] = rng.choice(["id", "deviceId", "company"])
        if rng.random() < 0.2:
            rule["fallbackAttribute"] = rng.choice(["deviceId", "id"])
        if rng.random() < 0.6:
            rule["hashVersion"] = rng.choice([1, 2])
        if rng.random() < 0.4:
            rule["seed"] = rng.choice(["seed", "pricing", "a-b"])

    def force(self, rule):
        rng = self.rng
        rule["force"] = rng.choice(VALUES)
        roll = rng.random()
        if roll < 0.35:
            rule["coverage"] = rng.choice([0, 0.01, 0.25, 0.5, 0.99, 1])
            self.hashing(rule)
        elif roll < 0.55:
            start = rng.choice([0, 0.1, 0.3, 0.5])
            rule["range"] = [start, min(1, start + rng.choice([0.05, 0.2, 0.5, 0.7]))]
            self.hashing(rule)

    def experiment(self, rule):
        rng = self.rng
        count = rng.randint(2, 4)
        rule["variations"] = rng.sample(VALUES, count)
        if rng.random() < 0.5:
            rule["key"] = rng.choice(["exp", "checkout", "pricing-test"])
        if rng.random() < 0.4:
            rule["weights"] = self.weights(count)
        if rng.random() < 0.4:
            rule["coverage"] = rng.choice([0.1, 0.5, 0.9, 1])
        if rng.random() < 0.2:
            rule["ranges"] = self.ranges(count)
        if rng.random() < 0.4:
            rule["meta"] = [{"key": f"v{index}", "name": f"Variation {index}"} for index in range(count)]
            if rng.random() < 0.3:
                rule["meta"][rng.randrange(count)]["passthrough"] = True
        if rng.random() < 0.25 and "filters" not in rule:
            start = rng.choice([0, 0.2, 0.5])
            rule["namespace"] = [rng.choice(["ns1", "pricing"]), start, min(1, start + rng.choice([0.3, 0.5, 0.8]))]
        if rng.random() < 0.2:
            rule["name"] = "Experiment"
            rule["phase"] = "1"
        self.hashing(rule)

    def weights(self, count):
        raw = [self.rng.randint(1, 10) for _ in range(count)]
        total = sum(raw)
        weights = [round(w / total, 4) for w in raw]
        weights[-1] = round(1 - sum(weights[:-1]), 4)
        return weights

    def ranges(self, count):
        cuts = sorted(self.rng.sample([i / 20 for i in range(1, 20)], count - 1))
        bounds = [0] + cuts + [1]
        return [[bounds[i], bounds[i + 1] if self.rng.random() < 0.8 else (bounds[i] + bounds[i + 1]) / 2]
                for i in range(count)]

    def filter(self):
        rng = self.rng
        start = rng.choice([0, 0.25, 0.5])
        result = {"seed": rng.choice(["seed", "ns"]), "ranges": [[start, min(1, start + rng.choice([0.25, 0.5]))]]}
        if rng.random() < 0.5:
            result["attribute"] = rng.choice(["id", "deviceId"])
        if rng.random() < 0.3:
            result["hashVersion"] = rng.choice([1, 2])
        return result

    def parent(self, key):
        rng = self.rng
        condition = rng.choice([
            {"value": rng.choice(VALUES[:8])},
            {"value": {"$exists": rng.random() < 0.5}},
            {"value": {"$ne": rng.choice(VALUES[:8])}},
            {"value": {"$in": rng.sample(VALUES[:8], 2)}},
            {"value": {"$type": rng.choice(["boolean", "number", "string", "object", "null"])}},
        ])
        parent = {"id": rng.choice(self.keys + ["missing-feature"]), "condition": condition}
        if rng.random() < 0.5:
            parent["gate"] = True
        return parent

    # Conditions

    def condition(self, depth):
        rng = self.rng
        condition = {}
        for _ in range(rng.randint(1, 2)):
            roll = rng.random()
            if depth < 2 and roll < 0.15:
                condition[rng.choice(["$and", "$or", "$nor"])] = [self.condition(depth + 1)
                                                                  for _ in range(rng.randint(0, 2))]
            elif depth < 2 and roll < 0.22:
                condition["$not"] = self.condition(depth + 1)
            else:
                path, test = self.attribute_test(depth)
                condition[path] = test
        return condition

    def attribute_test(self, depth):
        rng = self.rng
        kind = rng.choice(["country", "age", "plan", "tags", "beta", "version", "user.name", "user.age", "email",
                           "id", "group"])
        if kind == "country":
            return "country", rng.choice([
                rng.choice(COUNTRIES), {"$eq": rng.choice(COUNTRIES)}, {"$ne": rng.choice(COUNTRIES)},
                {"$in": rng.sample(COUNTRIES, 2)}, {"$nin": rng.sample(COUNTRIES, 2)},
                {"$ini": rng.sample(COUNTRIES, 2)}, {"$nini": rng.sample(COUNTRIES, 2)},
                {"$regex": rng.choice(PATTERNS)}, {"$regexi": rng.choice(PATTERNS)},
                {"$gt": rng.choice(COUNTRIES)}, {"$lte": rng.choice(COUNTRIES)},
                {"$exists": rng.random() < 0.5}, {"$type": rng.choice(["string", "null", "number"])},
                {"$not": {"$in": rng.sample(COUNTRIES, 2)}},
            ])
        if kind in ("age", "user.age"):
            return kind, rng.choice([
                rng.choice([0, 18, 30, 65]), {"$gt": rng.choice([17, 30])}, {"$gte": rng.choice([18, 30.5])},
                {"$lt": rng.choice([30, 65])}, {"$lte": 65}, {"$gt": 17, "$lt": 65}, {"$eq": 30}, {"$ne": 30},
                {"$in": [18, 30, 65]}, {"$exists": True}, {"$type": "number"},
            ])
        if kind == "plan":
            return "plan", rng.choice([rng.choice(PLANS), {"$in": rng.sample(PLANS, 2)}, {"$ini": ["PRO"]},
                                       {"$regex": "^p"}, {"$not": {"$eq": "free"}}])
        if kind == "tags":
            return "tags", rng.choice([
                {"$all": rng.sample(TAGS, 2)}, {"$alli": rng.sample(TAGS, 2)}, {"$in": rng.sample(TAGS, 2)},
                {"$nin": rng.sample(TAGS, 2)}, {"$size": rng.randint(0, 3)}, {"$size": {"$gt": 1}},
                {"$elemMatch": {"$eq": rng.choice(TAGS)}}, {"$elemMatch": {"$in": rng.sample(TAGS, 2)}},
                rng.sample(TAGS, 2), {"$type": "array"},
            ])
        if kind == "beta":
            return "beta", rng.choice([True, False, {"$eq": True}, {"$exists": False}, {"$type": "boolean"}])
        if kind == "version":
            return "version", {rng.choice(["$veq", "$vne", "$vgt", "$vgte", "$vlt", "$vlte"]): rng.choice(VERSIONS)}
        if kind == "user.name":
            return "user.name", rng.choice([rng.choice(IDS), {"$regex": "^[ab]"}, {"$exists": True},
                                            {"$in": rng.sample(IDS, 2)}])
        if kind == "email":
            return "email", rng.choice([{"$regex": "@example\\.com$"}, {"$regexi": "@EXAMPLE\\.COM$"},
                                        rng.choice(EMAILS)])
        if kind == "id":
            return "id", rng.choice([rng.choice(IDS), {"$in": rng.sample(IDS, 3)}])
        if self.groups:
            return "id", {rng.choice(["$inGroup", "$notInGroup"]): rng.choice(self.groups + ["no-such-group"])}
        return "id", {"$inGroup": "no-such-group"}

    # Devices

    def attributes(self):
        rng = self.rng
        attributes = {}
        well_typed = {
            "id": lambda: rng.choice(IDS + [17, 3]), "deviceId": lambda: rng.choice(IDS),
            "company": lambda: rng.choice(["acme", "globex"]), "country": lambda: rng.choice(COUNTRIES),
            "age": lambda: rng.choice([0, 17, 18, 30, 64.5, 65, 90]), "plan": lambda: rng.choice(PLANS),
            "tags": lambda: rng.sample(TAGS, rng.randint(0, 3)), "beta": lambda: rng.random() < 0.5,
            "version": lambda: rng.choice(VERSIONS), "email": lambda: rng.choice(EMAILS),
            "user": lambda: {"name": rng.choice(IDS), "age": rng.choice([17, 30, 70])},
        }
        mistyped = {
            "age": lambda: rng.choice(["30", "abc", None, True]), "country": lambda: rng.choice([1, None, ["US"]]),
            "tags": lambda: rng.choice(["a", None, 3]), "user": lambda: rng.choice([None, "kim", {"name": 5}]),
            "version": lambda: rng.choice([None, 2, ""]),
        }
        for name, make in well_typed.items():
            roll = rng.random()
            if roll < 0.7:
                attributes[name] = make()
            elif roll < 0.8 and name in mistyped:
                attributes[name] = mistyped[name]()
        return attributes


def official(case):
    """The Python SDK's answer per device per feature: value, source, ruleId and variation."""
    answers = []
    payload = case["payload"]
    for attributes in case["contexts"]:
        gb = GrowthBook(attributes=dict(attributes), features=json.loads(json.dumps(payload["features"])),
                        saved_groups=json.loads(json.dumps(payload.get("savedGroups") or {})))
        row = []
        for key in case["keys"]:
            result = gb.eval_feature(key)
            experiment = result.experimentResult
            row.append({"value": result.value, "source": result.source, "ruleId": result.ruleId or "",
                        "variationId": experiment.variationId if experiment is not None else None})
        gb.destroy()
        answers.append(row)
    return answers


def same(a, b):
    """Equal JSON, a bool never equal to a number (Python's True == 1 is not JSON's)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def compared(ours, theirs, _query):
    differences = []
    for field in ("value", "source", "ruleId", "variationId"):
        if not same(ours.get(field), theirs.get(field)):
            differences.append(field)
    return differences
