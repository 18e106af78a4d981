"""Disagreements with the official engines that docs/rules.md writes down as deliberate
(docs/rules.md#checked-against-the-official-engines).

Each entry names the difference as the summary prints it and recognises it from the narrowed
case (one context, one query), both answers, the fields that differ, and `agree(case)`, which
asks both engines again about a changed case. Each is a promise that docs/rules.md explains the
difference and a Swift test pins Flagscope's side of it.
"""

import json

# flagd: what each attribute the generator's rules read holds when it is set as an app sets it.
WELL_TYPED = {
    "email": ("kim@example.com", str), "version": ("2.0.0", str), "age": (30, (int, float)),
    "country": ("NL", str), "tier": ("pro", str), "tags": (["qa"], list), "score": (5, (int, float)),
    "beta": (True, bool),
}


def flagd_go_arithmetic(case, ours, theirs, fields, agree):
    """Arithmetic (`+ - * / %`, `min`, `max`, a number looked for in a list) on null, true or
    false, or a list: flagd's Go evaluator fails (PARSE_ERROR), Python's json-logic computes on
    (null as 0, true as 1)."""
    return case["kind"] == "flagd" and ours.get("reason") == "ERROR" and \
        (ours.get("errorMessage") or "").endswith("is not a number")


def flagd_null_or_mistyped_attribute(case, ours, theirs, fields, agree):
    """An attribute the rules read is missing (null) or of another type than the rules expect
    (`age` as text, a list where text is compared): Go's and Python's json-logic take such
    values differently (`cat` writes null as nothing in Go, as `null` in Python; comparisons
    and `in` coerce differently). Recognised when the two agree once every such attribute is
    set, well typed, and nothing else changed."""
    if case["kind"] != "flagd":
        return False
    context = json.loads(json.dumps(case["contexts"][0]))
    attributes = context.get("context") or {}
    changed = False
    for name, (value, kind) in WELL_TYPED.items():
        current = attributes.get(name)
        if current is None or not isinstance(current, kind) or (kind is not bool and isinstance(current, bool)):
            attributes[name] = value
            changed = True
    user = attributes.get("user")
    if not isinstance(user, dict) or not isinstance(user.get("name"), str):
        attributes["user"] = {"name": "kim"}
        changed = True
    if not isinstance(context.get("targetingKey"), str) or not context.get("targetingKey"):
        context["targetingKey"] = "user-kim"
        changed = True
    context["context"] = attributes
    if not changed:
        return False
    trial = dict(case)
    trial["contexts"] = [context]
    return agree(trial)


def with_context(case, change):
    """The case with its one context changed by `change` (which edits a copy of the attributes)."""
    context = json.loads(json.dumps(case["contexts"][0]))
    attributes = context.get("context") or {}
    if not change(attributes):
        return None
    context["context"] = attributes
    trial = dict(case)
    trial["contexts"] = [context]
    return trial


def uses(case, operator):
    return f'"{operator}"' in json.dumps(case["flags"])


def flagd_missing_empty_text(case, ours, theirs, fields, agree):
    """`missing` counts an attribute missing only when it is absent (null), as flagd's Go
    evaluator does; Python's json-logic, as JavaScript's, counts empty text missing too.
    Recognised when the two agree once every empty text of the context is "kim"."""
    if case["kind"] != "flagd" or not (uses(case, "missing") or uses(case, "missing_some")):
        return False

    def fill(attributes):
        changed = False
        for name, value in list(attributes.items()):
            if value == "":
                attributes[name] = "kim"
                changed = True
            elif isinstance(value, dict) and value.get("name") == "":
                attributes[name] = dict(value, name="kim")
                changed = True
        return changed
    trial = with_context(case, fill)
    return trial is not None and agree(trial)


def flagd_negative_remainder(case, ours, theirs, fields, agree):
    """`%` of a negative number keeps the sign of the number divided, as in Go (and
    JavaScript): -1 % 3 is -1. Python's json-logic gives the divisor's sign (2). Recognised
    when the two agree once every negative number of the context is made positive."""
    if case["kind"] != "flagd" or not uses(case, "%"):
        return False

    def positive(attributes):
        changed = False
        for name, value in list(attributes.items()):
            if isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0:
                attributes[name] = -value
                changed = True
        return changed
    trial = with_context(case, positive)
    return trial is not None and agree(trial)


def flagd_error_code(case, ours, theirs, fields, agree):
    """Both fail, with different codes: flagd (Go) reports every targeting that cannot be
    evaluated as PARSE_ERROR; Python's core passes on the operator's own failure (GENERAL)."""
    return case["kind"] == "flagd" and fields == ["errorCode"] and ours.get("reason") == "ERROR" \
        and theirs.get("reason") == "ERROR"


def unleash_toggles_involved(case):
    """The toggle asked, the toggles it depends on, and the segments their strategies use."""
    features = {f["name"]: f for f in case["state"].get("features", [])}
    names = [case["toggles"][0]]
    for name in list(names):
        for parent in features.get(name, {}).get("dependencies") or []:
            names.append(parent.get("feature"))
    toggles = [features[n] for n in names if n in features]
    used = {i for t in toggles for s in t.get("strategies") or [] for i in s.get("segments") or []}
    segments = [s for s in case["state"].get("segments") or [] if s.get("id") in used]
    return toggles, segments


def unleash_text_operator_without_values(case, ours, theirs, fields, agree):
    """A text constraint (STR_CONTAINS, STR_STARTS_WITH, STR_ENDS_WITH) with no values:
    yggdrasil cannot compile the toggle and turns all of it off; Flagscope reads the constraint
    as matching nothing (so, inverted, everything), as the older SDKs do."""
    if case["kind"] != "unleash":
        return False
    toggles, segments = unleash_toggles_involved(case)
    constraints = [c for t in toggles for s in t.get("strategies") or [] for c in s.get("constraints") or []]
    constraints += [c for s in segments for c in s.get("constraints") or []]
    return any(c.get("operator", "").startswith("STR_") and not c.get("values") for c in constraints)


def unleash_random_draw(case, ours, theirs, fields, agree):
    """Nothing to stick to (`random` stickiness, or no user, session or the custom field a
    rollout or variant sticks to): yggdrasil draws at random at each evaluation, Flagscope once per run. Recognised when
    the two agree once the context has a userId, a sessionId and the custom fields."""
    if case["kind"] != "unleash":
        return False
    toggles, _ = unleash_toggles_involved(case)
    for toggle in toggles:
        for strategy in toggle.get("strategies") or []:
            # Random by request: a rollout or a strategy's variants that stick to nothing.
            if (strategy.get("parameters") or {}).get("stickiness") == "random":
                return True
    context = json.loads(json.dumps(case["contexts"][0]))
    changed = False
    for name, value in (("userId", "kim"), ("sessionId", "session-kim")):
        if not context.get(name):
            context[name] = value
            changed = True
    properties = context.setdefault("properties", {})
    if not properties.get("tier"):
        properties["tier"] = "pro"
        changed = True
    if not changed:
        return False
    trial = dict(case)
    trial["contexts"] = [context]
    return agree(trial)


# GrowthBook: what each attribute the generator's conditions read holds when an app sets it.
GROWTHBOOK_WELL_TYPED = {
    "age": (30, (int, float)), "country": ("US", str), "tags": (["a"], list), "plan": ("pro", str),
    "version": ("1.2.3", str), "email": ("kim@example.com", str), "beta": (True, bool), "id": ("ann", (str, int)),
}


def growthbook_case(case, change):
    """The GrowthBook case with its payload changed by `change` (which edits a copy), or None
    when `change` changed nothing."""
    payload = json.loads(json.dumps(case["payload"]))
    if not change(payload):
        return None
    trial = dict(case)
    trial["payload"] = payload
    return trial


def growthbook_rules(payload):
    for feature in (payload.get("features") or {}).values():
        for rule in feature.get("rules") or []:
            yield rule


GROWTHBOOK_ORDERING = ("$gt", "$gte", "$lt", "$lte", "$veq", "$vne", "$vgt", "$vgte", "$vlt", "$vlte")


def growthbook_compared_loosely(case, ours, theirs, fields, agree):
    """`$gt`, `$lt` and the other orderings, and the version operators, on text against a
    number or on a missing attribute: the JavaScript SDK (the reference, and cases.json's
    "comparing numbers and strings" and "missing attribute with comparison operators")
    coerces (`"8" > 5`, null as 0, a missing version as "0"); Python's does not compare them.
    Recognised when the two agree once every attribute the conditions read is set and well
    typed."""
    if case["kind"] != "growthbook" or not any(f'"{op}"' in json.dumps(case["payload"])
                                               for op in GROWTHBOOK_ORDERING):
        return False
    context = json.loads(json.dumps(case["contexts"][0]))
    changed = False
    for name, (value, kind) in GROWTHBOOK_WELL_TYPED.items():
        current = context.get(name)
        if current is None or not isinstance(current, kind) or (kind is not bool and isinstance(current, bool)):
            context[name] = value
            changed = True
    user = context.get("user")
    if not isinstance(user, dict) or not isinstance(user.get("name"), str) or not isinstance(user.get("age"), int):
        context["user"] = {"name": "ann", "age": 30}
        changed = True
    if not changed:
        return False
    trial = dict(case)
    trial["contexts"] = [context]
    return agree(trial)


def growthbook_strict_values(condition):
    """The condition with each plain text, number or bool test (`{"age": 30}`) written
    `{"$eq": 30}`; whether there was one."""
    changed = False
    if not isinstance(condition, dict):
        return False
    for name, value in list(condition.items()):
        if name in ("$and", "$or", "$nor") and isinstance(value, list):
            for item in value:
                changed = growthbook_strict_values(item) or changed
        elif name == "$not":
            changed = growthbook_strict_values(value) or changed
        elif isinstance(value, (int, float, str)):
            condition[name] = {"$eq": value}
            changed = True
    return changed


def growthbook_plain_value_coercion(case, ours, theirs, fields, agree):
    """A plain value condition (`{"age": 30}`, `{"id": "17"}`, `{"beta": true}`) on a value of
    another type: the JavaScript SDK compares `value * 1`, `value + ""` or `!!value` (a missing
    value is 0 to a number, the number 17 is "17" to text, "on" is true to a bool); Python's
    compares the value as it is. Recognised when the two agree once each such condition is
    written with `$eq`, which neither coerces."""
    if case["kind"] != "growthbook":
        return False

    def strict(payload):
        changed = False
        for rule in growthbook_rules(payload):
            changed = growthbook_strict_values(rule.get("condition")) or changed
            for parent in rule.get("parentConditions") or []:
                changed = growthbook_strict_values(parent.get("condition")) or changed
        return changed
    trial = growthbook_case(case, strict)
    return trial is not None and agree(trial)


def growthbook_force_fallback(case, ours, theirs, fields, agree):
    """A force rule's `fallbackAttribute`: the JavaScript SDK reads it only with sticky
    bucketing (which the differential leaves off); Python's reads it always. Recognised when
    the two agree once force rules have no fallback attribute."""
    if case["kind"] != "growthbook":
        return False

    def drop(payload):
        changed = False
        for rule in growthbook_rules(payload):
            if "force" in rule and rule.pop("fallbackAttribute", None) is not None:
                changed = True
        return changed
    trial = growthbook_case(case, drop)
    return trial is not None and agree(trial)


def growthbook_coverage_edge(case, ours, theirs, fields, agree):
    """A device whose hash is exactly a force rule's coverage: in, as the JavaScript SDK decides
    (`n <= coverage`); Python's leaves it out (`n < coverage`). Recognised when the two agree
    once each such coverage is a hair larger (hashes are multiples of 0.0001)."""
    if case["kind"] != "growthbook":
        return False

    def widen(payload):
        changed = False
        for rule in growthbook_rules(payload):
            if "force" in rule and isinstance(rule.get("coverage"), (int, float)) and 0 < rule["coverage"] < 1:
                rule["coverage"] += 1e-7
                changed = True
        return changed
    trial = growthbook_case(case, widen)
    return trial is not None and agree(trial)


def launchdarkly_kinds(case):
    """The kinds of a LaunchDarkly case's one context."""
    context = case["contexts"][0]
    kind = context.get("kind", "user")
    return {name for name in context if name != "kind"} if kind == "multi" else {kind}


def launchdarkly_rollouts(data):
    """Every rollout of the data's flags (rules and fallthroughs)."""
    for flag in (data.get("flags") or {}).values():
        for serve in [flag.get("fallthrough") or {}] + (flag.get("rules") or []):
            if isinstance(serve.get("rollout"), dict):
                yield serve["rollout"]


def launchdarkly_missing_kind_first_share(case, ours, theirs, fields, agree):
    """A rollout bucketing a kind the context lacks: Flagscope, as Go's SDK, gives the context
    bucket 0, so it gets the first share with some weight; Python's SDK gives it -1, so it gets
    the first share even when that share weighs nothing. Recognised when the two agree once the
    rollouts' leading shares of weight 0 are left out (which changes nothing for bucket 0)."""
    if case["kind"] != "launchdarkly":
        return False
    kinds = launchdarkly_kinds(case)
    trial = json.loads(json.dumps(case))
    changed = False
    for rollout in launchdarkly_rollouts(trial["data"]):
        shares = rollout.get("variations") or []
        if (rollout.get("contextKind") or "user") in kinds:
            continue
        while len(shares) > 1 and shares[0].get("weight") == 0:
            shares.pop(0)
            changed = True
    return changed and agree(trial)


def launchdarkly_segment_rule_missing_kind(case, ours, theirs, fields, agree):
    """A segment rule with a weight that buckets a kind the context lacks: Flagscope, as Go's SDK
    (and the SDK specification), counts the context out of the rule; Python's SDK gives it bucket
    -1, below any weight, so in. Recognised when the two agree once such rules are left out
    (which changes nothing for Flagscope)."""
    if case["kind"] != "launchdarkly":
        return False
    kinds = launchdarkly_kinds(case)
    trial = json.loads(json.dumps(case))
    changed = False
    for segment in (trial["data"].get("segments") or {}).values():
        rules = segment.get("rules") or []
        kept = [rule for rule in rules
                if rule.get("weight") is None or (rule.get("rolloutContextKind") or "user") in kinds]
        if len(kept) != len(rules):
            segment["rules"] = kept
            changed = True
    return changed and agree(trial)


KNOWN = [
    ("flagd: Go fails on arithmetic with a value that is not a number; Python computes", flagd_go_arithmetic),
    ("flagd: a missing or mistyped attribute is read as Go reads it", flagd_null_or_mistyped_attribute),
    ("flagd: `missing` counts absent attributes only, as Go; Python counts empty text too", flagd_missing_empty_text),
    ("flagd: `%` keeps the sign of the number divided, as Go; Python's the divisor's", flagd_negative_remainder),
    ("flagd: a failed targeting is PARSE_ERROR, as in Go; Python says GENERAL", flagd_error_code),
    ("unleash: a text constraint with no values turns yggdrasil's whole toggle off", unleash_text_operator_without_values),
    ("unleash: nothing to stick to: yggdrasil draws at each evaluation, Flagscope once a run", unleash_random_draw),
    ("growthbook: $gt, $lt, $vgt … on a missing or mistyped attribute coerce as in JavaScript; Python does not",
     growthbook_compared_loosely),
    ("growthbook: a plain value condition coerces as in JavaScript (`value * 1`, `value + \"\"`, `!!value`); "
     "Python compares as is", growthbook_plain_value_coercion),
    ("growthbook: a force rule's fallbackAttribute is read only with sticky bucketing, as in JavaScript",
     growthbook_force_fallback),
    ("growthbook: a device exactly at a force rule's coverage is in, as in JavaScript (n <= coverage)",
     growthbook_coverage_edge),
    ("launchdarkly: a rollout on a kind the context lacks starts at bucket 0, as Go; Python at -1 (a share of weight 0)",
     launchdarkly_missing_kind_first_share),
    ("launchdarkly: a segment rule's weight on a kind the context lacks leaves it out, as Go; Python counts it in",
     launchdarkly_segment_rule_missing_kind),
]


def explain(case, ours, theirs, fields, agree):
    """The name of the documented difference this disagreement is, or None."""
    for name, recognises in KNOWN:
        if recognises(case, ours, theirs, fields, agree):
            return name
    return None
