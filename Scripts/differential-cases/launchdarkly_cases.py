"""Random but valid LaunchDarkly server-side SDK data and contexts, and the official SDK's answers.

A case is one data set (a few flags with prerequisites, individual targets of every kind, rules
whose clauses use every operator, fixed variations, percentage rollouts and experiments; segments
with included and excluded keys of every kind, weighted rules and segments of segments; now and
then a big segment or a `flagValues` entry), a few contexts (single-kind and multi-kind, with
mistyped attributes among them), and every flag asked for its detail. The official engine is
LaunchDarkly's Python server-side SDK (`launchdarkly-server-sdk`), reading the data through its
file data source, offline: no events, no streaming, every service address pointed at a closed
local port.
"""

import contextlib
import io
import json
import logging
import os
import tempfile

from ldclient.client import LDClient
from ldclient.config import Config
from ldclient.context import Context
from ldclient.integrations import Files

USER_KEYS = ["user-1", "user-2", "user-3", "ana", "bob", "qa-ana", "αβ"]
ORG_KEYS = ["org-a", "org-b", "org-c"]
DEVICE_KEYS = ["dev-1", "dev-2"]
EMAILS = ["ana@example.com", "bob@test.org", "qa@example.com", "", "ANA@EXAMPLE.COM", "x@example.com.evil"]
COUNTRIES = ["IT", "DE", "US", "it"]
PLANS = ["free", "pro", "team"]
NUMBERS = [0, 17, 18, 30, 65.5, -3, 1000]
VERSIONS = ["1.2.3", "2.0.0-beta.1", "2.0.0-beta.10", "2.0.0", "2.0", "2", "2-rc.1", "10.0.0", "1.2.3+build.5",
            "v1.0.0", "banana", "1.2.3.4", "01.2.3"]
DATES = [1512543600000, 1700000000000, 0, "2017-12-06T07:00:00Z", "2017-12-06T00:00:00.000-07:00",
         "2023-11-14T22:13:20.500Z", "2030-01-01T00:00:00+01:00", "2017-12-06", "not a date", "1512543600000"]
REGEXES = ["^ana", "@example\\.com$", "^[a-z]+@", "o", "^\\d+$", "(?i)^ana", "qa|pro", "^$", "^[A-Z]{2}$",
           "(a+)+b", "\\bpro\\b"]
WORDS = ["ana", "example", "pro", "free", "@example.com", "qa", "", "IT"]


def choose(rng, values, count=None):
    return rng.sample(values, count if count is not None else rng.randint(1, min(3, len(values))))


class Generator:
    def __init__(self, rng):
        self.rng = rng

    def case(self):
        rng = self.rng
        segment_keys = [f"segment-{index}" for index in range(rng.randint(0, 3))]
        flag_keys = [f"flag-{index}" for index in range(rng.randint(1, 5))]
        segments = {key: self.segment(key, segment_keys[:index] + (segment_keys if rng.random() < 0.03 else []))
                    for index, key in enumerate(segment_keys)}
        flags = {}
        for index, key in enumerate(flag_keys):
            # A prerequisite names an earlier flag; now and then a later one, which may close a cycle.
            earlier = flag_keys[:index] + (flag_keys[index:] if rng.random() < 0.03 else [])
            flags[key] = self.flag(key, earlier, segment_keys)
        data = {"flags": flags, "segments": segments}
        queries = list(flag_keys)
        if rng.random() < 0.1:
            data["flagValues"] = {"plain-value": rng.choice([True, "text", 3, {"a": [1, 2]}])}
            queries.append("plain-value")
        if rng.random() < 0.05:
            queries.append("no-such-flag")
        contexts = [self.context() for _ in range(rng.randint(1, 4))]
        return {"kind": "launchdarkly", "data": data, "contexts": contexts, "queries": queries}

    # Flags

    def variations(self):
        rng = self.rng
        kind = rng.choice(["bool", "string", "number", "json"])
        count = 2 if kind == "bool" else rng.randint(2, 4)
        if kind == "bool":
            return [True, False]
        if kind == "string":
            return [f"value-{index}" for index in range(count)]
        if kind == "number":
            return [index * 10 + 0.5 * (index % 2) for index in range(count)]
        return [{"variant": index, "items": list(range(index))} for index in range(count)]

    def flag(self, key, earlier, segment_keys):
        rng = self.rng
        variations = self.variations()
        count = len(variations)
        flag = {"key": key, "version": 1, "on": rng.random() < 0.85, "variations": variations,
                "salt": rng.choice(["", "salty", key])}
        if rng.random() < 0.8:
            flag["offVariation"] = rng.randrange(count)
        if earlier and rng.random() < 0.35:
            flag["prerequisites"] = [{"key": rng.choice(earlier), "variation": rng.randrange(2)}
                                     for _ in range(rng.randint(1, 2))]
        if rng.random() < 0.35:
            self.targets(flag, count)
        flag["rules"] = [self.rule(index, count, segment_keys) for index in range(rng.choice([0, 1, 1, 2, 3]))]
        flag["fallthrough"] = self.serve(count)
        return flag

    def targets(self, flag, count):
        rng = self.rng
        by_variation = {}
        for key in choose(rng, USER_KEYS, rng.randint(1, 4)):
            by_variation.setdefault(rng.randrange(count), []).append(key)
        flag["targets"] = [{"variation": variation, "values": keys} for variation, keys in by_variation.items()]
        if rng.random() < 0.5:
            # The current form: targets by kind, the user kind's entries standing for `targets`.
            context_targets = [{"contextKind": "org", "variation": rng.randrange(count),
                                "values": choose(rng, ORG_KEYS)}]
            for target in flag["targets"]:
                context_targets.append({"contextKind": "user", "variation": target["variation"], "values": []})
            rng.shuffle(context_targets)
            flag["contextTargets"] = context_targets

    def serve(self, count):
        rng = self.rng
        if rng.random() < 0.6:
            return {"variation": rng.randrange(count)}
        shares = rng.randint(1, min(count, 3))
        chosen = rng.sample(range(count), shares)
        weights = self.weights(shares)
        rollout = {"variations": [{"variation": variation, "weight": weight}
                                  for variation, weight in zip(chosen, weights)]}
        if rng.random() < 0.35:
            rollout["kind"] = "experiment"
            if rng.random() < 0.3:
                rollout["variations"][0]["untracked"] = True
        if rng.random() < 0.3:
            rollout["seed"] = rng.choice([0, 42, 123456789])
        if rng.random() < 0.25:
            rollout["contextKind"] = "org"
            if rng.random() < 0.5:
                rollout["bucketBy"] = rng.choice(["tier", "employees"])
        elif rng.random() < 0.3:
            rollout["bucketBy"] = rng.choice(["email", "age", "country"])
        return {"rollout": rollout}

    def weights(self, shares):
        rng = self.rng
        if shares == 1:
            return [100000]
        cuts = sorted(rng.randint(0, 100000) for _ in range(shares - 1))
        weights = [b - a for a, b in zip([0] + cuts, cuts + [100000])]
        if rng.random() < 0.1:
            weights[0] = 0
        if rng.random() < 0.05:
            weights[-1] -= rng.randint(1, 5000)  # the weights fall short: the last share takes the rest
        return weights

    def rule(self, index, count, segment_keys):
        rng = self.rng
        rule = {"id": f"rule-{index}", "clauses": [self.clause(segment_keys) for _ in range(rng.randint(1, 3))]}
        rule.update(self.serve(count))
        return rule

    # Clauses

    def clause(self, segment_keys):
        rng = self.rng
        family = rng.choice(["in", "in", "string", "regex", "number", "date", "semver", "segment", "kind", "other"])
        if family == "segment" and not segment_keys:
            family = "in"
        clause = {"negate": rng.random() < 0.2}
        if family == "in":
            attribute, values = rng.choice([
                ("key", choose(rng, USER_KEYS)), ("country", choose(rng, COUNTRIES)), ("plan", choose(rng, PLANS)),
                ("age", choose(rng, NUMBERS)), ("beta", [rng.choice([True, False])]),
                ("tags", choose(rng, ["qa", "beta", "staff"])), ("name", choose(rng, ["Ana", "Bob"])),
                ("anonymous", [rng.choice([True, False])]), ("email", choose(rng, EMAILS)),
            ])
            clause.update(attribute=attribute, op="in", values=values)
        elif family == "string":
            clause.update(attribute=rng.choice(["email", "country", "plan", "tags", "name"]),
                          op=rng.choice(["startsWith", "endsWith", "contains"]), values=choose(rng, WORDS))
        elif family == "regex":
            clause.update(attribute=rng.choice(["email", "country", "plan", "age"]), op="matches",
                          values=choose(rng, REGEXES, rng.randint(1, 2)))
        elif family == "number":
            clause.update(attribute=rng.choice(["age", "age", "plan"]),
                          op=rng.choice(["lessThan", "lessThanOrEqual", "greaterThan", "greaterThanOrEqual"]),
                          values=choose(rng, [18, 30, 65, 17.5, 0], rng.randint(1, 2)))
        elif family == "date":
            clause.update(attribute="signup", op=rng.choice(["before", "after"]),
                          values=choose(rng, DATES[:7], rng.randint(1, 2)))
        elif family == "semver":
            clause.update(attribute="version", op=rng.choice(["semVerEqual", "semVerLessThan", "semVerGreaterThan"]),
                          values=choose(rng, VERSIONS[:9], rng.randint(1, 2)))
        elif family == "segment":
            clause.update(attribute="", op="segmentMatch", values=choose(rng, segment_keys + ["segment-missing"]))
        elif family == "kind":
            clause.update(attribute="kind", op=rng.choice(["in", "in", "matches"]),
                          values=choose(rng, ["user", "org", "device"]) if rng.random() < 0.7 else ["^[ou]"])
        else:
            self.other_clause(clause)
        return clause

    def other_clause(self, clause):
        """A clause on another kind, or reading into an object attribute."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.4:
            clause.update(contextKind="org", attribute=rng.choice(["tier", "key", "region"]), op="in",
                          values=choose(rng, ["gold", "silver", "eu", "us"] + ORG_KEYS))
        elif roll < 0.6:
            clause.update(contextKind="org", attribute="employees", op=rng.choice(["greaterThan", "lessThan"]),
                          values=[rng.choice([10, 100, 1000])])
        elif roll < 0.8:
            clause.update(contextKind="user", attribute=rng.choice(["/address/city", "/address/zip", "/address"]),
                          op="in", values=choose(rng, ["Rome", "Berlin", "00100", "10115"]))
        else:
            clause.update(contextKind="device", attribute="os", op=rng.choice(["in", "startsWith"]),
                          values=choose(rng, ["iOS", "Android", "i"]))

    # Segments

    def segment(self, key, others):
        rng = self.rng
        segment = {"key": key, "version": 1, "salt": rng.choice(["", "salty", key])}
        if rng.random() < 0.5:
            segment["included"] = choose(rng, USER_KEYS)
        if rng.random() < 0.4:
            segment["excluded"] = choose(rng, USER_KEYS)
        if rng.random() < 0.3:
            segment["includedContexts"] = [{"contextKind": "org", "values": choose(rng, ORG_KEYS)}]
        if rng.random() < 0.2:
            segment["excludedContexts"] = [{"contextKind": "org", "values": choose(rng, ORG_KEYS)}]
        rules = []
        for _ in range(rng.choice([0, 1, 1, 2])):
            rule = {"clauses": [self.clause(others) for _ in range(rng.randint(0, 2))]}
            if rng.random() < 0.35:
                rule["weight"] = rng.choice([0, 25000, 50000, 99999, 100000])
                if rng.random() < 0.3:
                    rule["bucketBy"] = rng.choice(["email", "age"])
                if rng.random() < 0.25:
                    rule["rolloutContextKind"] = "org"
            rules.append(rule)
        segment["rules"] = rules
        if rng.random() < 0.06:
            segment["unbounded"] = True
            if rng.random() < 0.6:
                segment["generation"] = rng.randint(1, 5)
            if rng.random() < 0.3:
                segment["unboundedContextKind"] = "org"
        return segment

    # Contexts

    def user(self):
        rng = self.rng
        user = {"key": rng.choice(USER_KEYS)}
        attributes = {
            "email": lambda: rng.choice(EMAILS),
            "country": lambda: rng.choice(COUNTRIES),
            "plan": lambda: rng.choice(PLANS + [7]),
            "age": lambda: rng.choice(NUMBERS + ["30", True]),
            "beta": lambda: rng.choice([True, False, "true"]),
            "tags": lambda: choose(rng, ["qa", "beta", "staff"], rng.randint(0, 2)) if rng.random() < 0.8 else "qa",
            "version": lambda: rng.choice(VERSIONS + [2]),
            "signup": lambda: rng.choice(DATES + [True]),
            "name": lambda: rng.choice(["Ana", "Bob"]),
            "anonymous": lambda: rng.choice([True, False]),
            "address": lambda: rng.choice([{"city": "Rome", "zip": "00100"}, {"city": "Berlin"}, "Rome"]),
        }
        for name, value in attributes.items():
            if rng.random() < 0.6:
                user[name] = value()
        return user

    def org(self):
        rng = self.rng
        org = {"key": rng.choice(ORG_KEYS)}
        for name, values in {"tier": ["gold", "silver", 3], "region": ["eu", "us"],
                             "employees": [5, 100, 5000, "many"]}.items():
            if rng.random() < 0.6:
                org[name] = rng.choice(values)
        return org

    def device(self):
        rng = self.rng
        device = {"key": rng.choice(DEVICE_KEYS)}
        if rng.random() < 0.7:
            device["os"] = rng.choice(["iOS", "Android"])
        return device

    def context(self):
        rng = self.rng
        kinds = rng.choice([["user"], ["user"], ["user"], ["org"], ["user", "org"], ["user", "device"],
                            ["org", "device"], ["user", "org", "device"]])
        parts = {kind: getattr(self, kind)() for kind in kinds}
        if len(kinds) == 1:
            return dict(parts[kinds[0]], kind=kinds[0])
        return dict({"kind": "multi"}, **parts)


def official(case):
    """The Python SDK's detail per context per flag: value, variationIndex, reason."""
    handle, path = tempfile.mkstemp(suffix=".json", prefix="launchdarkly-case-")
    with os.fdopen(handle, "w", encoding="utf-8") as file:
        json.dump(case["data"], file)
    closed = "http://127.0.0.1:9"
    config = Config("sdk-key-not-used", update_processor_class=Files.new_data_source(paths=[path]),
                    send_events=False, diagnostic_opt_out=True, base_uri=closed, events_uri=closed, stream_uri=closed)
    logging.getLogger("ldclient").disabled = True
    # The file data source prints the stack of a file it refuses; refusing is the answer here.
    with contextlib.redirect_stderr(io.StringIO()):
        client = LDClient(config=config)
    try:
        if not client.is_initialized():
            raise ValueError("the SDK refused the data")
        answers = []
        for context in case["contexts"]:
            row = []
            for key in case["queries"]:
                detail = client.variation_detail(key, Context.from_dict(context), None)
                row.append({"value": detail.value if detail.variation_index is not None else None,
                            "variationIndex": detail.variation_index, "reason": detail.reason})
            answers.append(row)
        return answers
    finally:
        client.close()
        os.unlink(path)


def normalised(value):
    """A JSON value with numbers as floats (1 and 1.0 are one number) and booleans apart."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, list):
        return [normalised(item) for item in value]
    if isinstance(value, dict):
        return {key: normalised(item) for key, item in value.items()}
    return value


def reason(value):
    """A reason without members that say nothing (`ruleId: null`, `inExperiment: false`)."""
    return {key: item for key, item in (value or {}).items()
            if item is not None and not (key == "inExperiment" and item is False)}


def compared(ours, theirs, _query):
    differences = []
    if normalised(ours.get("value")) != normalised(theirs.get("value")):
        differences.append("value")
    if ours.get("variationIndex") != theirs.get("variationIndex"):
        differences.append("variationIndex")
    if reason(ours.get("reason")) != reason(theirs.get("reason")):
        differences.append("reason")
    return differences
