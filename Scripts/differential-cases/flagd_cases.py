"""Random but valid flagd definitions and contexts, and the official engine's answers.

A case is one flagd file (a few flags, sometimes shared `$evaluators`), a few contexts and one
query per flag, typed by the flag's variants as an app would ask. The official engine is
OpenFeature's flagd core for Python (`openfeature-flagd-core`, the in-process evaluator of the
OpenFeature flagd provider).
"""

import json
import random

from openfeature.contrib.tools.flagd.core import FlagdCore
from openfeature.evaluation_context import EvaluationContext
from openfeature.exception import OpenFeatureError

ATTRIBUTES = ["email", "version", "age", "country", "tier", "tags", "score", "beta", "user.name"]
EMAILS = ["ann@example.com", "bob@test.org", "QA@EXAMPLE.COM", "", "eve@example.co", "x@y"]
VERSIONS = ["1.0.0", "1.2.3", "2.0.0-rc.1", "2.0.0", "v2.1.0", "10.4.1", "1.2", "3.0.0+build.7"]
COUNTRIES = ["NL", "DE", "US", "nl", "FR"]
TIERS = ["free", "pro", "team", "Pro"]
SEMVER_OPERATORS = ["=", "!=", "<", "<=", ">", ">=", "^", "~"]
COMPARISONS = ["==", "!=", "===", "!==", "<", "<=", ">", ">="]

VARIANT_SETS = {
    "boolean": {"on": True, "off": False},
    "string": {"red": "red", "green": "green", "blue": "blue"},
    "integer": {"low": 1, "mid": 10, "high": 100},
    "float": {"small": 0.25, "half": 0.5, "whole": 1.0},
    "object": {"a": {"size": 1}, "b": {"size": 2, "tags": ["x"]}, "c": {}},
}


class Generator:
    def __init__(self, rng: random.Random):
        self.rng = rng

    def case(self):
        rng = self.rng
        evaluators = {}
        if rng.random() < 0.3:
            for index in range(rng.randint(1, 2)):
                evaluators[f"rule{index}"] = self.condition(2, evaluators={})
        flags = {}
        queries = []
        for index in range(rng.randint(1, 3)):
            key = f"flag-{index}"
            kind = rng.choice(list(VARIANT_SETS))
            variants = dict(VARIANT_SETS[kind])
            names = list(variants)
            flag = {"state": "ENABLED" if rng.random() < 0.92 else "DISABLED", "variants": variants}
            flag["defaultVariant"] = rng.choice(names) if rng.random() < 0.9 else None
            if rng.random() < 0.85:
                flag["targeting"] = self.targeting(names, evaluators)
            flags[key] = flag
            # Now and then the app asks for another type: TYPE_MISMATCH. Not between the number
            # types (a JSON number is one type to Go) nor for a number from a bool (Python's
            # bool is an int): those answers are the languages', not flagd's.
            query_kind = kind
            if rng.random() < 0.07:
                query_kind = rng.choice([k for k in MISMATCHED if family(k) != family(kind)])
            queries.append({"flag": key, "type": query_kind, "default": default_for(query_kind)})
        document = {"flags": flags}
        if evaluators:
            document["$evaluators"] = evaluators
        contexts = [self.context() for _ in range(rng.randint(1, 4))]
        return {"kind": "flagd", "flags": document, "contexts": contexts, "queries": queries}

    def context(self):
        rng = self.rng
        attributes = {}
        choices = {
            "email": lambda: rng.choice(EMAILS),
            "version": lambda: rng.choice(VERSIONS),
            "age": lambda: rng.choice([0, 17, 18, 42, 65.5, -1, "18"]),
            "country": lambda: rng.choice(COUNTRIES),
            "tier": lambda: rng.choice(TIERS),
            "tags": lambda: rng.sample(["a", "b", "beta", "qa"], rng.randint(0, 3)),
            "score": lambda: rng.choice([0, 0.5, 3, 7.25, 100]),
            "beta": lambda: rng.choice([True, False]),
        }
        for name, make in choices.items():
            if rng.random() < 0.7:
                attributes[name] = make()
        if rng.random() < 0.3:
            attributes["user"] = {"name": rng.choice(["ann", "bob", ""])}
        key = rng.choice(["user-1", "user-2", "device-9f3a", "", "αβγ", "user-" + str(rng.randint(0, 999))])
        return {"targetingKey": key if rng.random() < 0.85 else None, "context": attributes}

    # Targeting: what it gives is a variant's name (or null, or a name that does not exist).
    def targeting(self, names, evaluators):
        rng = self.rng
        roll = rng.random()
        if roll < 0.25:
            return self.fractional(names)
        if roll < 0.3:
            return {"if": [True, rng.choice(names)]}
        branches = []
        for _ in range(rng.randint(1, 3)):
            branches.append(self.condition(3, evaluators))
            branches.append(self.outcome(names))
        if rng.random() < 0.8:
            branches.append(self.outcome(names))
        return {"if": branches}

    def outcome(self, names):
        rng = self.rng
        roll = rng.random()
        if roll < 0.7:
            return rng.choice(names)
        if roll < 0.85:
            return self.fractional(names)
        if roll < 0.92:
            return None
        return "missing-variant"

    def fractional(self, names):
        rng = self.rng
        shares = [[name, rng.choice([0, 1, 25, 50, 75, 100])] for name in rng.sample(names, rng.randint(1, len(names)))]
        if all(weight == 0 for _, weight in shares):
            shares[0][1] = 1
        roll = rng.random()
        if roll < 0.5:
            return {"fractional": shares}
        if roll < 0.8:
            by = {"cat": [{"var": "$flagd.flagKey"}, {"var": rng.choice(["email", "targetingKey", "country"])}]}
        else:
            by = {"var": rng.choice(["email", "targetingKey"])}
        return {"fractional": [by] + shares}

    # Conditions are well typed, as people write them: numbers meet numbers, texts texts.
    # Contexts are not: an attribute may be missing or of another type, as an app may send it.
    def condition(self, depth, evaluators):
        rng = self.rng
        kinds = ["number", "text", "between", "in", "in_text", "starts", "ends", "sem_ver", "missing", "truthy",
                 "bool"]
        if depth > 0:
            kinds += ["and", "or", "not", "some", "all", "none", "arith"]
        if evaluators:
            kinds += ["ref"]
        kind = rng.choice(kinds)
        if kind == "number":
            return {rng.choice(COMPARISONS): [self.number(), self.number()]}
        if kind == "text":
            return {rng.choice(COMPARISONS): [self.text(), self.text()]}
        if kind == "bool":
            return {rng.choice(["==", "!=", "===", "!=="]): [{"var": "beta"}, rng.choice([True, False])]}
        if kind == "between":
            return {rng.choice(["<", "<="]): [rng.choice([0, 10, 18]), {"var": rng.choice(["age", "score"])},
                                               rng.choice([50, 100])]}
        if kind == "in":
            if rng.random() < 0.5:
                return {"in": [self.text(), rng.sample(COUNTRIES + TIERS, rng.randint(0, 4))]}
            return {"in": [self.number(), rng.sample([0, 3, 17, 18, 42, 100], rng.randint(0, 3))]}
        if kind == "in_text":
            return {"in": [rng.choice(["@", "example", "qa", ""]), {"var": rng.choice(["email", "tier"])}]}
        if kind == "starts":
            return {"starts_with": [{"var": rng.choice(["email", "tier", "country"])}, rng.choice(["ann", "QA", "", "p"])]}
        if kind == "ends":
            return {"ends_with": [{"var": rng.choice(["email", "country"])}, rng.choice(["@example.com", ".org", "L", ""])]}
        if kind == "sem_ver":
            return {"sem_ver": [{"var": "version"}, rng.choice(SEMVER_OPERATORS), rng.choice(VERSIONS)]}
        if kind == "missing":
            return {"!": {"missing": rng.sample(ATTRIBUTES, rng.randint(1, 2))}}
        if kind == "truthy":
            return {rng.choice(["!!", "!"]): [{"var": rng.choice(ATTRIBUTES)}]}
        if kind in ("and", "or"):
            return {kind: [self.condition(depth - 1, evaluators) for _ in range(rng.randint(1, 3))]}
        if kind == "not":
            return {"!": [self.condition(depth - 1, evaluators)]}
        if kind in ("some", "all", "none"):
            return {kind: [{"var": "tags"}, {"==": [{"var": ""}, rng.choice(["beta", "qa", "a"])]}]}
        if kind == "arith":
            operator = rng.choice(["+", "-", "*", "/", "%", "max", "min"])
            left = {operator: [{"var": rng.choice(["age", "score"])}, rng.choice([1, 2, 3, 0.5])]}
            return {rng.choice(["<", ">", "==", ">="]): [left, rng.choice([1, 10, 20, 40])]}
        return {"$ref": rng.choice(list(evaluators))}

    def number(self):
        rng = self.rng
        if rng.random() < 0.6:
            return {"var": rng.choice(["age", "score"])}
        return rng.choice([0, 1, 18, 42, 2.5, -1])

    def text(self):
        rng = self.rng
        roll = rng.random()
        if roll < 0.55:
            name = rng.choice(["email", "country", "tier", "version", "user.name", "targetingKey", "$flagd.flagKey"])
            if rng.random() < 0.15:
                return {"var": [name, "fallback"]}
            return {"var": name}
        if roll < 0.9:
            return rng.choice(COUNTRIES + TIERS + EMAILS[:2] + ["flag-0", "user-1", ""])
        return {"cat": [{"var": rng.choice(["country", "tier"])}, "-", {"substr": [{"var": "email"}, 0, 3]}]}


MISMATCHED = ["boolean", "string", "integer", "object"]


def family(kind):
    return "number" if kind in ("integer", "float") else kind


def default_for(kind):
    return {"boolean": False, "string": "fallback", "integer": -1, "float": -1.5, "object": {"fallback": True}}[kind]


def official(case):
    """The official core's answer per context per query, as the conformance tool words its own."""
    core = FlagdCore()
    core.set_flags(json.dumps(case["flags"]))  # the core changes a dict it is given
    answers = []
    for context in case["contexts"]:
        row = []
        evaluation = EvaluationContext(context.get("targetingKey"), dict(context.get("context") or {}))
        for query in case["queries"]:
            resolve = getattr(core, f"resolve_{query['type']}_value")
            try:
                details = resolve(query["flag"], query["default"], evaluation)
                answer = {
                    "value": details.value,
                    "variant": details.variant,
                    "reason": details.reason.value if hasattr(details.reason, "value") else details.reason,
                    "errorCode": None,
                }
            except OpenFeatureError as error:
                answer = {"value": query["default"], "variant": None, "reason": "ERROR",
                          "errorCode": error.error_code.value}
            except Exception as error:  # the core itself failed: an answer to compare, as GENERAL
                answer = {"value": query["default"], "variant": None, "reason": "ERROR", "errorCode": "GENERAL",
                          "crash": f"{type(error).__name__}: {error}"}
            row.append(answer)
        answers.append(row)
    return answers


def compared(ours, theirs, query):
    """What differs between Flagscope's answer and the core's, as field names (empty: they agree)."""
    differences = []
    for field in ("value", "variant", "reason", "errorCode"):
        a, b = ours.get(field), theirs.get(field)
        if field == "value" and query["type"] == "float" and isinstance(a, (int, float)) and isinstance(b, (int, float)):
            same = float(a) == float(b) and not isinstance(a, bool) and not isinstance(b, bool)
        else:
            same = same_json(a, b)
        if not same:
            differences.append(field)
    return differences


def same_json(a, b):
    """JSON equality where true is not 1 (Python's == says it is)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b))
    return a == b
