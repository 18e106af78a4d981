"""Random but valid Unleash client payloads and contexts, and the official engine's answers.

A case is one payload (a few toggles with strategies, constraints of every operator, segments,
strategy and toggle variants, dependencies), a few contexts, and every toggle asked for
`isEnabled` and its variant. The official engine is yggdrasil, Unleash's Rust engine, through its
Python binding (`yggdrasil-engine`), which the Python SDK evaluates with.
"""

import json
import random

from yggdrasil_engine.engine import UnleashEngine

USER_IDS = ["1", "2", "17", "ann", "bob", "user-42", "αβ", ""]
SESSIONS = ["s-1", "s-2", "abc", "9999"]
ADDRESSES = ["10.0.0.1", "10.1.2.3", "192.168.1.1", "127.0.0.1", "::1", "2001:db8::5", "not-an-ip"]
APPS = ["podcasts", "web", "Podcasts"]
ENVIRONMENTS = ["production", "development", "qa"]
TIMES = ["2024-01-01T00:00:00Z", "2026-06-15T12:30:00.000Z", "2030-12-31T23:59:59Z"]
VERSIONS = ["1.0.0", "1.2.3", "2.0.0-beta.1", "2.0.0-beta.10", "2.0.0", "10.0.0", "1.2", "v1.0.0", "banana"]
NUMBERS = ["0", "1", "1.5", "17", "18", "42", "-3", "1e3", "abc"]
WORDS = ["pro", "Pro", "free", "team", "beta-tester", "", "qa@example.com"]
STRING_OPERATORS = ["IN", "NOT_IN", "STR_CONTAINS", "STR_STARTS_WITH", "STR_ENDS_WITH"]
NUMBER_OPERATORS = ["NUM_EQ", "NUM_GT", "NUM_GTE", "NUM_LT", "NUM_LTE"]
DATE_OPERATORS = ["DATE_AFTER", "DATE_BEFORE"]
SEMVER_OPERATORS = ["SEMVER_EQ", "SEMVER_GT", "SEMVER_LT", "SEMVER_GTE", "SEMVER_LTE"]
FIELDS = ["userId", "sessionId", "appName", "environment", "remoteAddress", "tier", "age", "version", "email"]


class Generator:
    def __init__(self, rng: random.Random):
        self.rng = rng

    def case(self):
        rng = self.rng
        segments = [{"id": index + 1, "constraints": [self.constraint() for _ in range(rng.randint(1, 2))]}
                    for index in range(rng.randint(0, 2))]
        names = [f"toggle.{index}" for index in range(rng.randint(1, 3))]
        features = []
        for index, name in enumerate(names):
            feature = {"name": name, "type": "release", "enabled": rng.random() < 0.85,
                       "strategies": [self.strategy(segments) for _ in range(rng.randint(0, 3))]}
            if rng.random() < 0.4:
                feature["variants"] = self.variants(toggle=True)
            earlier = names[:index]
            if earlier and rng.random() < 0.3:
                parent = {"feature": rng.choice(earlier)}
                roll = rng.random()
                if roll < 0.3:
                    parent["enabled"] = False
                elif roll < 0.5:
                    parent["variants"] = rng.sample(["v0", "v1", "s0", "s1", "disabled"], 2)
                feature["dependencies"] = [parent]
            features.append(feature)
        state = {"version": 2, "features": features}
        if segments:
            state["segments"] = segments
        contexts = [self.context() for _ in range(rng.randint(1, 4))]
        return {"kind": "unleash", "state": state, "contexts": contexts, "toggles": names}

    def strategy(self, segments):
        rng = self.rng
        kind = rng.choice(["default", "userWithId", "gradualRolloutUserId", "gradualRolloutSessionId",
                           "gradualRolloutRandom", "flexibleRollout", "flexibleRollout", "remoteAddress"])
        parameters = {}
        if kind == "userWithId":
            parameters["userIds"] = ", ".join(rng.sample(USER_IDS, rng.randint(1, 3)))
        elif kind in ("gradualRolloutUserId", "gradualRolloutSessionId"):
            parameters = {"percentage": str(rng.choice([0, 10, 33, 50, 100])), "groupId": rng.choice(["g", "toggle"])}
        elif kind == "gradualRolloutRandom":
            parameters["percentage"] = rng.choice(["0", "100"])  # in between is random by design
        elif kind == "flexibleRollout":
            stickiness = rng.choice(["default", "userId", "sessionId", "tier", "random"])
            rollout = rng.choice([0, 100]) if stickiness == "random" else rng.choice([0, 5, 25, 50, 100])
            parameters = {"rollout": str(rollout), "stickiness": stickiness, "groupId": rng.choice(["g", "toggle"])}
        elif kind == "remoteAddress":
            parameters["IPs"] = ", ".join(rng.sample(["10.0.0.0/8", "192.168.1.1", "::1", "2001:db8::/32", "127.0.0.1"],
                                                     rng.randint(1, 3)))
        strategy = {"name": kind, "parameters": parameters,
                    "constraints": [self.constraint() for _ in range(rng.choice([0, 0, 1, 2, 3]))]}
        if segments and rng.random() < 0.4:
            strategy["segments"] = rng.sample([s["id"] for s in segments], 1)
        if rng.random() < 0.3:
            strategy["variants"] = self.variants(toggle=False)
        return strategy

    def constraint(self):
        rng = self.rng
        family = rng.choice(["string", "string", "number", "date", "semver", "regex", "cidr"])
        constraint = {"inverted": rng.random() < 0.2}
        if family == "string":
            operator = rng.choice(STRING_OPERATORS)
            field = rng.choice(["userId", "appName", "environment", "tier", "email"])
            constraint.update(contextName=field, operator=operator,
                              values=rng.sample(WORDS + USER_IDS[:4] + APPS[:2], rng.randint(0, 3)))
            if operator.startswith("STR_"):
                constraint["caseInsensitive"] = rng.random() < 0.5
        elif family == "number":
            constraint.update(contextName=rng.choice(["age", "userId"]), operator=rng.choice(NUMBER_OPERATORS),
                              value=rng.choice(NUMBERS[:7]))
        elif family == "date":
            constraint.update(contextName="currentTime", operator=rng.choice(DATE_OPERATORS), value=rng.choice(TIMES))
        elif family == "semver":
            constraint.update(contextName="version", operator=rng.choice(SEMVER_OPERATORS),
                              value=rng.choice(VERSIONS[:6]))
        elif family == "regex":
            constraint.update(contextName=rng.choice(["email", "tier", "userId"]), operator="REGEX",
                              value=rng.choice([r"^pro$", r"@example\.com$", r"^\d+$", r"(?i)^PRO", r"a|b", r"^$"]),
                              caseInsensitive=rng.random() < 0.3)
        else:
            constraint.update(contextName="remoteAddress", operator="IN_CIDR",
                              values=rng.sample(["10.0.0.0/8", "192.168.0.0/16", "::1/128", "2001:db8::/32"],
                                                rng.randint(1, 2)))
        return constraint

    def variants(self, toggle):
        rng = self.rng
        prefix = "v" if toggle else "s"
        variants = []
        stickiness = rng.choice(["default", "userId", "sessionId", "tier"])
        for index in range(rng.randint(1, 3)):
            variant = {"name": f"{prefix}{index}", "weight": rng.choice([0, 1, 100, 333, 500, 1000]),
                       "weightType": "variable", "stickiness": stickiness}
            if rng.random() < 0.6:
                kind = rng.choice(["string", "json", "number", "csv"])
                value = {"string": "hello", "json": json.dumps({"k": index}), "number": str(index * 7),
                         "csv": "a,b,c"}[kind]
                variant["payload"] = {"type": kind, "value": value}
            if toggle and rng.random() < 0.2:
                variant["overrides"] = [{"contextName": rng.choice(["userId", "tier"]),
                                         "values": rng.sample(USER_IDS[:4] + WORDS[:2], 2)}]
            variants.append(variant)
        if rng.random() < 0.2:
            variants[0]["weightType"] = "fix"
            variants[0]["weight"] = rng.choice([100, 500])
        if sum(v["weight"] for v in variants if v["weightType"] == "variable") == 0:
            # yggdrasil divides by the total weight (a panic at 0); the SDKs never send such a payload.
            variants[-1]["weightType"] = "variable"
            variants[-1]["weight"] = 100
        return variants

    def context(self):
        rng = self.rng
        context = {}
        standard = {"userId": USER_IDS, "sessionId": SESSIONS, "remoteAddress": ADDRESSES, "appName": APPS,
                    "environment": ENVIRONMENTS, "currentTime": TIMES}
        for name, values in standard.items():
            if rng.random() < 0.75:
                context[name] = rng.choice(values)
        properties = {}
        for name, values in {"tier": WORDS, "age": NUMBERS, "version": VERSIONS, "email": WORDS}.items():
            if rng.random() < 0.7:
                properties[name] = rng.choice(values)
        if properties:
            context["properties"] = properties
        return context


class Refused(Exception):
    """The engine did not take the payload (or failed on it): there is no answer to compare."""


def official(case):
    """yggdrasil's answer per context per toggle: isEnabled and the variant."""
    engine = UnleashEngine()
    try:
        engine.take_state(json.dumps(case["state"]))
    except Exception as error:
        raise Refused(f"the payload was refused: {error}")
    answers = []
    for context in case["contexts"]:
        row = []
        for name in case["toggles"]:
            # The binding logs and swallows the engine's own failures, answering "not found":
            # for a toggle the payload has, that is a failure, not an answer.
            toggle = engine.is_enabled(name, dict(context))
            found = engine.get_variant(name, dict(context))
            if not toggle.is_found or not found.is_found:
                raise Refused(f"the engine could not evaluate {name}")
            enabled = toggle.is_enabled
            variant = found.variant
            shown = {"name": variant.name, "enabled": variant.enabled, "feature_enabled": variant.feature_enabled}
            if variant.payload:
                shown["payload"] = {"type": variant.payload.get("type"), "value": variant.payload.get("value")}
            row.append({"enabled": enabled, "variant": shown})
        answers.append(row)
    return answers


def compared(ours, theirs, _query):
    differences = []
    if ours.get("enabled") != theirs.get("enabled"):
        differences.append("enabled")
    a, b = ours.get("variant") or {}, theirs.get("variant") or {}
    for field in ("name", "enabled", "feature_enabled", "payload"):
        if a.get(field) != b.get(field):
            differences.append(f"variant.{field}")
    return differences
