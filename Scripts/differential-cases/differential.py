"""Flagscope's rule engines against the official ones, on random but valid definitions.

Run through `Scripts/differential` (which makes the virtual environment and builds the tool):

    Scripts/differential [--kind flagd|unleash|firebase|growthbook|launchdarkly|all] [--cases N] [--seed S] [--show N]
    Scripts/differential --replay FILE        one kept case, answered by both again

Each case is generated from the seed alone, so `--seed S` names it for good. Flagscope answers
through `flagscope-conformance --differential` (one process, a JSON line per case); the official
engine answers in this process. A disagreement that docs/rules.md writes down as deliberate is
counted apart, by name; any other is shrunk to the smallest definitions and context that still
disagree the same way, printed with both answers, and kept in .build/differential/ for --replay.
Exit 1 when any disagreement is unexplained.
"""

import argparse
import json
import logging
import os
import random
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import firebase_cases  # noqa: E402
import flagd_cases  # noqa: E402
import growthbook_cases  # noqa: E402
import known_differences  # noqa: E402
import launchdarkly_cases  # noqa: E402
import unleash_cases  # noqa: E402

KINDS = {"flagd": flagd_cases, "unleash": unleash_cases, "firebase": firebase_cases, "growthbook": growthbook_cases,
         "launchdarkly": launchdarkly_cases}
# Where each kind keeps its definitions and what is asked of them.
DEFINITIONS = {"flagd": "flags", "unleash": "state", "firebase": "template", "growthbook": "payload",
               "launchdarkly": "data"}
QUESTIONS = {"flagd": "queries", "unleash": "toggles", "firebase": "parameters", "growthbook": "keys",
             "launchdarkly": "queries"}
# The engines log each failure they swallow (a version that is no version, a panic), with
# its stack: the answers are what is compared, and the summary counts the failures.
logging.disable(logging.CRITICAL)


class Flagscope:
    """The conformance tool in --differential mode: a case a line in, an answer a line out."""

    def __init__(self, binary):
        self.process = subprocess.Popen([binary, "--differential"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, encoding="utf-8")

    def answer(self, case):
        self.process.stdin.write(json.dumps(case, ensure_ascii=False) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit("error: flagscope-conformance --differential stopped answering (it crashed?)")
        return json.loads(line)

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def disagreements(case, flagscope):
    """Every (context index, query index, fields that differ, ours, theirs) of one case."""
    module = KINDS[case["kind"]]
    ours = flagscope.answer(case)
    theirs = module.official(case)
    if "error" in ours:
        # Flagscope could not read definitions the generator means to be valid: every query differs.
        return [(0, 0, ["unreadable"], ours, theirs[0][0] if theirs and theirs[0] else None)]
    found = []
    queries = case[QUESTIONS[case["kind"]]]
    for c, (our_row, their_row) in enumerate(zip(ours["answers"], theirs)):
        for q, (a, b) in enumerate(zip(our_row, their_row)):
            fields = module.compared(a, b, queries[q])
            if fields:
                found.append((c, q, fields, a, b))
    return found


def agreeing(flagscope, depth=0):
    """Whether both engines answer a (changed) case alike, or differ there only in ways
    docs/rules.md writes down: what a known difference asks once its own cause is taken away
    (one rule may hold two documented differences)."""
    def agree(case):
        try:
            found = disagreements(case, flagscope)
        except Exception:
            return False
        if not found:
            return True
        if depth >= 2:
            return False
        return all(known_differences.explain(narrowed(case, c, q), a, b, fields, agreeing(flagscope, depth + 1))
                   for c, q, fields, a, b in found)
    return agree


def narrowed(case, context_index, query_index):
    """The case with only one context and one query (the other definitions stay: rules refer to them)."""
    small = json.loads(json.dumps(case))
    small["contexts"] = [case["contexts"][context_index]]
    if "devices" in case:
        small["devices"] = [case["devices"][context_index]]
    questions = QUESTIONS[case["kind"]]
    small[questions] = [case[questions][query_index]]
    return small


# Members a smaller case keeps, so that it stays one the generator could have written: a flagd
# flag's state and variants, an Unleash toggle's, strategy's, variant's and constraint's fields.
KEPT = {
    "flagd": {"state", "variants", "flags"},
    "unleash": {"name", "enabled", "version", "features", "parameters", "weight", "weightType", "stickiness",
                "contextName", "operator", "values", "value", "type", "id", "feature", "constraints", "segments"},
    "growthbook": growthbook_cases.KEPT,
    "launchdarkly": {"key", "version", "variations", "flags", "segments", "kind", "op", "attribute", "values",
                     "variation", "weight", "clauses"},
}
# Members whose insides are kept whole (a variant's value, a strategy's parameters, a payload).
WHOLE = {"flagd": {"variants"}, "unleash": {"parameters", "payload", "values", "variants"},
         "growthbook": growthbook_cases.WHOLE, "launchdarkly": set()}


def shrink_candidates(value, kind, key=None):
    """Smaller versions of a JSON value: a member or item left out, or a rule in place of the
    rule around it (`{"and": [A, B]}` becomes A)."""
    if isinstance(value, dict):
        for name in list(value):
            # A rule keeps its operator: `{}` is no rule the generator writes.
            if name not in KEPT[kind] and not (kind == "flagd" and len(value) == 1):
                yield {k: v for k, v in value.items() if k != name}
        is_rule = len(value) == 1 and kind == "flagd" and key not in ("flags", "$evaluators")
        for name, inner in value.items():
            if is_rule and isinstance(inner, list):
                for item in inner:
                    if isinstance(item, dict):
                        yield item
            if name in WHOLE[kind] and not (kind == "unleash" and name == "variants"):
                # Entries may go, one at a time, but what each holds stays as written.
                if isinstance(inner, dict):
                    for entry in list(inner):
                        if len(inner) > 1:
                            changed = dict(value)
                            changed[name] = {k: v for k, v in inner.items() if k != entry}
                            yield changed
                continue
            for candidate in shrink_candidates(inner, kind, name):
                changed = dict(value)
                changed[name] = candidate
                yield changed
    elif isinstance(value, list):
        # A fractional share (`["name", 25]`) keeps both halves.
        is_share = len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], int)
        for index in range(0 if is_share else len(value)):
            yield value[:index] + value[index + 1:]
        for index, inner in enumerate(value):
            for candidate in shrink_candidates(inner, kind, key):
                yield value[:index] + [candidate] + value[index + 1:]


def minimised(case, fields, flagscope, budget=400):
    """The smallest case found, by greedy steps, that still disagrees in the same fields."""
    if case["kind"] == "firebase":
        return case  # its two templates and devices would have to shrink together
    parts = [DEFINITIONS[case["kind"]], "contexts"]

    def same_disagreement(candidate):
        try:
            found = disagreements(candidate, flagscope)
        except Exception:  # the official engine refused the smaller case: not the same finding
            return False
        return any(f == fields for _, _, f, _, _ in found)

    improved = True
    while improved and budget > 0:
        improved = False
        for part in parts:
            for candidate in shrink_candidates(case[part], case["kind"], part):
                if part == "contexts" and len(candidate) != 1:
                    continue
                budget -= 1
                trial = dict(case)
                trial[part] = candidate
                if same_disagreement(trial):
                    case = trial
                    improved = True
                    break
                if budget <= 0:
                    break
            if improved or budget <= 0:
                break
    return case


def report(case, flagscope, keep_folder, name):
    found = disagreements(case, flagscope)
    if not found:
        return None
    _, _, fields, ours, theirs = found[0]
    os.makedirs(keep_folder, exist_ok=True)
    path = os.path.join(keep_folder, name + ".json")
    with open(path, "w") as file:
        json.dump(case, file, indent=1, ensure_ascii=False)
    return fields, ours, theirs, path


def run(arguments):
    binary = arguments.binary
    flagscope = Flagscope(binary)
    kinds = list(KINDS) if arguments.kind == "all" else [arguments.kind]
    failed = False
    keep_folder = os.path.join(".build", "differential")
    for kind in kinds:
        module = KINDS[kind]
        rng = random.Random(f"{kind}-{arguments.seed}")
        generator = module.Generator(rng)
        start = time.monotonic()
        evaluations = 0
        agreed = 0
        explained = {}
        unexplained = []
        refused = 0
        for number in range(arguments.cases):
            case = generator.case()
            queries = len(case[QUESTIONS[kind]])
            try:
                found = disagreements(case, flagscope)
            except Exception as error:
                # The official engine could not answer (its binding failed): nothing to compare.
                refused += 1
                if refused <= 3:
                    print(f"  case {number}: the official engine gave no answer: {error}")
                continue
            evaluations += len(case["contexts"]) * queries
            agreed += len(case["contexts"]) * queries - len(found)
            for context_index, query_index, fields, ours, theirs in found:
                small = narrowed(case, context_index, query_index)
                reason = known_differences.explain(small, ours, theirs, fields, agreeing(flagscope))
                if reason:
                    explained[reason] = explained.get(reason, 0) + 1
                else:
                    unexplained.append((number, small, fields))
        seconds = time.monotonic() - start
        print(f"{kind}: {arguments.cases} cases, {evaluations} evaluations, seed {arguments.seed}, "
              f"{seconds:.1f} s: {agreed} agree, {sum(explained.values())} differ as docs/rules.md says, "
              f"{len(unexplained)} unexplained" + (f"; {refused} cases the official engine could not answer"
                                                   if refused else ""))
        for reason, count in sorted(explained.items()):
            print(f"  {count:6d}  {reason}")
        shown = set()
        for number, small, fields in unexplained:
            if number in shown:
                continue
            if len(shown) >= arguments.show:
                print(f"  … and more unexplained, in {len({n for n, _, _ in unexplained}) - len(shown)} more cases")
                break
            shown.add(number)
            smallest = small if arguments.no_shrink else minimised(small, fields, flagscope)
            kept = report(smallest, flagscope, keep_folder, f"{kind}-seed{arguments.seed}-case{number}")
            if not kept:
                continue
            fields, ours, theirs, path = kept
            print(f"\n  case {number} disagrees in {', '.join(fields)} (kept in {path}):")
            print("  definitions: " + json.dumps(smallest[DEFINITIONS[kind]], ensure_ascii=False))
            print("  context:     " + json.dumps(smallest["contexts"][0], ensure_ascii=False))
            print("  query:       " + json.dumps(smallest[QUESTIONS[kind]][0], ensure_ascii=False))
            print("  Flagscope:   " + json.dumps(ours, ensure_ascii=False))
            print("  official:    " + json.dumps(theirs, ensure_ascii=False))
        if unexplained:
            failed = True
    flagscope.close()
    return 1 if failed else 0


def replay(arguments):
    try:
        with open(arguments.replay) as file:
            case = json.load(file)
    except OSError as error:
        raise SystemExit(f"error: cannot read {arguments.replay}: {error.strerror}")
    except json.JSONDecodeError as error:
        raise SystemExit(f"error: {arguments.replay}:{error.lineno}:{error.colno}: not a kept case ({error.msg})")
    if not isinstance(case, dict) or case.get("kind") not in KINDS:
        raise SystemExit(f"error: {arguments.replay} is not a kept case: its \"kind\" is one of {', '.join(KINDS)}")
    flagscope = Flagscope(arguments.binary)
    found = disagreements(case, flagscope)
    print("Flagscope: " + json.dumps(flagscope.answer(case), ensure_ascii=False))
    print("official:  " + json.dumps(KINDS[case["kind"]].official(case), ensure_ascii=False))
    if not found:
        print("they agree")
    unexplained = 0
    for context_index, query_index, fields, ours, theirs in found:
        reason = known_differences.explain(narrowed(case, context_index, query_index), ours, theirs, fields,
                                           agreeing(flagscope))
        unexplained += 0 if reason else 1
        print(f"context {context_index}, query {query_index}: {', '.join(fields)} differ"
              + (f", as docs/rules.md says: {reason}" if reason else ", unexplained"))
    flagscope.close()
    return 1 if unexplained else 0


def main():
    parser = argparse.ArgumentParser(prog="Scripts/differential", description=__doc__.split("\n")[0])
    parser.add_argument("--kind", choices=[*KINDS, "all"], default="all")
    parser.add_argument("--cases", type=int, default=500, help="cases per kind (default 500)")
    parser.add_argument("--seed", default="1", help="names the generated cases (default 1)")
    parser.add_argument("--show", type=int, default=5, help="unexplained disagreements shrunk and shown (default 5)")
    parser.add_argument("--no-shrink", action="store_true", help="show disagreements as generated")
    parser.add_argument("--replay", help="a case kept in .build/differential/")
    parser.add_argument("--binary", default=".build/debug/flagscope-conformance")
    arguments = parser.parse_args()
    if not os.access(arguments.binary, os.X_OK):
        raise SystemExit(f"error: no {arguments.binary}; build it with: swift build --product flagscope-conformance")
    sys.exit(replay(arguments) if arguments.replay else run(arguments))


if __name__ == "__main__":
    main()
