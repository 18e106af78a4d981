"""Random but valid Remote Config conditions and devices, and the official engine's answers.

Firebase's official evaluator is the Admin SDK's server-side template evaluation
(`firebase-admin`, `firebase_admin.remote_config`): conditions of `percent` and custom signals,
joined with AND. A case is one template written twice, as the server template the Admin SDK
evaluates (structured conditions) and as the template Flagscope reads (the same conditions as
expressions: `percent('seed') <= 30 && app.customSignal['tier'].contains(['pro'])`), a few devices
(`randomization_id` and custom signals; Flagscope reads them as `firebase_installation_id` and
`custom_signals/<name>`) and every parameter asked for its value.
"""

import json
import random

from firebase_admin.remote_config import _ConditionEvaluator

SIGNALS = {
    "tier": ["free", "pro", "team", "Pro", " pro ", "enterprise"],
    "build": ["1", "17", "42", "2.5", "-3", "1e3", "abc"],
    "app_version": ["1.0", "1.2.3", "2.0.0", "2.10", "10.4.1", "1.2.3.4", "v2"],
    "email": ["kim@example.com", "bob@test.org", "QA@EXAMPLE.COM", "x"],
}
TEXT = ["STRING_CONTAINS", "STRING_DOES_NOT_CONTAIN", "STRING_EXACTLY_MATCHES", "STRING_CONTAINS_REGEX"]
NUMERIC = {"NUMERIC_LESS_THAN": "<", "NUMERIC_LESS_EQUAL": "<=", "NUMERIC_EQUAL": "==", "NUMERIC_NOT_EQUAL": "!=",
           "NUMERIC_GREATER_THAN": ">", "NUMERIC_GREATER_EQUAL": ">="}
VERSION = {"SEMANTIC_VERSION_LESS_THAN": "<", "SEMANTIC_VERSION_LESS_EQUAL": "<=", "SEMANTIC_VERSION_EQUAL": "==",
           "SEMANTIC_VERSION_NOT_EQUAL": "!=", "SEMANTIC_VERSION_GREATER_THAN": ">",
           "SEMANTIC_VERSION_GREATER_EQUAL": ">="}
METHOD = {"STRING_CONTAINS": "contains", "STRING_DOES_NOT_CONTAIN": "notContains",
          "STRING_EXACTLY_MATCHES": "exactlyMatches", "STRING_CONTAINS_REGEX": "matches"}
PATTERNS = [r"^pro$", r"@example\.com$", r"^\d+$", r"(free|team)", r"[A-Z]"]


def quoted(text):
    return "'" + text + "'"


class Generator:
    def __init__(self, rng: random.Random):
        self.rng = rng

    def case(self):
        rng = self.rng
        conditions = []
        for index in range(rng.randint(1, 3)):
            leaves = [self.leaf() for _ in range(rng.randint(1, 3))]
            conditions.append({"name": f"c{index}", "leaves": leaves})
        parameters = {}
        for index in range(rng.randint(1, 3)):
            values = {}
            for condition in conditions:
                if rng.random() < 0.7:
                    values[condition["name"]] = (
                        {"useInAppDefault": True} if rng.random() < 0.1 else {"value": f"v{index}-{condition['name']}"})
            default = {"useInAppDefault": True} if rng.random() < 0.15 else {"value": f"default-{index}"}
            parameters[f"p{index}"] = {"defaultValue": default, "conditionalValues": values}
        server = {
            "conditions": [{"name": c["name"], "condition": {"orCondition": {"conditions": [
                {"andCondition": {"conditions": [leaf["server"] for leaf in c["leaves"]]}}]}}} for c in conditions],
            "parameters": parameters,
        }
        client = {
            "conditions": [{"name": c["name"], "expression": " && ".join(leaf["client"] for leaf in c["leaves"])}
                           for c in conditions],
            "parameters": parameters,
        }
        devices = [self.device() for _ in range(rng.randint(1, 4))]
        return {"kind": "firebase", "template": client, "server": server, "devices": devices,
                "contexts": [flagscope_context(d) for d in devices], "parameters": list(parameters)}

    def leaf(self):
        rng = self.rng
        kind = rng.choice(["percent", "percent", "text", "number", "version"])
        if kind == "percent":
            seed = rng.choice(["", "rollout", "exp-1"])
            operator = rng.choice(["LESS_OR_EQUAL", "GREATER_THAN", "BETWEEN"])
            seeded = f"percent({quoted(seed)})" if seed else "percent"
            condition = {"percentOperator": operator}
            if seed:
                condition["seed"] = seed
            if operator == "BETWEEN":
                low, high = sorted(rng.sample(range(0, 101), 2))
                condition["microPercentRange"] = {"microPercentLowerBound": low * 1_000_000,
                                                  "microPercentUpperBound": high * 1_000_000}
                client = f"{seeded} between {low} and {high}"
            else:
                bound = rng.choice([0, 10, 25, 50, 75, 100])
                condition["microPercent"] = bound * 1_000_000
                client = f"{seeded} {'<=' if operator == 'LESS_OR_EQUAL' else '>'} {bound}"
            return {"server": {"percent": condition}, "client": client}
        if kind == "text":
            key = rng.choice(["tier", "email"])
            operator = rng.choice(TEXT)
            pool = PATTERNS if operator == "STRING_CONTAINS_REGEX" else SIGNALS[key] + ["pro", "example"]
            targets = rng.sample(pool, rng.randint(1, 2))
            client = f"app.customSignal[{quoted(key)}].{METHOD[operator]}([{', '.join(quoted(t) for t in targets)}])"
            return {"server": {"customSignal": {"customSignalOperator": operator, "customSignalKey": key,
                                                "targetCustomSignalValues": targets}}, "client": client}
        if kind == "number":
            operator = rng.choice(list(NUMERIC))
            target = rng.choice(["0", "1", "17", "2.5", "42"])
            client = f"app.customSignal['build'] {NUMERIC[operator]} {target}"
            return {"server": {"customSignal": {"customSignalOperator": operator, "customSignalKey": "build",
                                                "targetCustomSignalValues": [target]}}, "client": client}
        operator = rng.choice(list(VERSION))
        target = rng.choice(["1.2", "1.2.3", "2.0.0", "2.10.0", "10"])
        client = f"version(app.customSignal['app_version']) {VERSION[operator]} {quoted(target)}"
        return {"server": {"customSignal": {"customSignalOperator": operator, "customSignalKey": "app_version",
                                            "targetCustomSignalValues": [target]}}, "client": client}

    def device(self):
        rng = self.rng
        device = {}
        if rng.random() < 0.9:
            device["randomization_id"] = rng.choice(["fid-1", "fid-2", "device-9f3a", "cA1b2C3d4E5f6G7h8I9j0k"]) \
                + str(rng.randint(0, 99))
        for name, values in SIGNALS.items():
            if rng.random() < 0.75:
                device[name] = rng.choice(values)
        return device


def flagscope_context(device):
    """The device as Flagscope's attributes: the id percent hashes, and each custom signal."""
    attributes = {}
    for name, value in device.items():
        if name == "randomization_id":
            attributes["firebase_installation_id"] = value
        else:
            attributes[f"custom_signals/{name}"] = value
    return attributes


def official(case):
    """The Admin SDK's value of each parameter per device (None: the app's own default)."""
    answers = []
    for device in case["devices"]:
        values = _ConditionEvaluator(case["server"]["conditions"], case["server"]["parameters"], dict(device),
                                     {}).evaluate()
        answers.append([{"value": values[name].as_string() if name in values else None}
                        for name in case["parameters"]])
    return answers


def compared(ours, theirs, _query):
    return [] if ours == theirs else ["value"]


def without_engine_parts(case):
    """The case as Flagscope reads it (the server template and devices are the official side's)."""
    return {k: v for k, v in case.items() if k not in ("server", "devices")}


def describe(case):
    return json.dumps(case["template"], ensure_ascii=False)
