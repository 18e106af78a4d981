"""Evaluates flags through OpenFeature's Python SDK and its OFREP provider, as an app would.

Usage: ofrep_client.py BASE_URL REQUESTS_JSON
REQUESTS_JSON is a list of {"context": {...}, "flags": [[key, type], ...]}, type one of
bool, string, int, float, object. Prints one JSON line per evaluation: the context's index,
the key, and what the SDK resolved (value, variant, reason, error code).
"""

import json
import sys

from openfeature import api
from openfeature.contrib.provider.ofrep import OFREPProvider
from openfeature.evaluation_context import EvaluationContext

DEFAULTS = {"bool": False, "string": "", "int": 0, "float": 0.0, "object": {}}


def main() -> None:
    base_url, requests_file = sys.argv[1], sys.argv[2]
    with open(requests_file, encoding="utf-8") as handle:
        requests = json.load(handle)
    api.set_provider(OFREPProvider(base_url=base_url, timeout=10.0))
    client = api.get_client()
    for index, request in enumerate(requests):
        attributes = dict(request["context"])
        targeting_key = attributes.pop("targetingKey", None)
        context = EvaluationContext(targeting_key=targeting_key, attributes=attributes)
        for key, kind in request["flags"]:
            method = {
                "bool": client.get_boolean_details,
                "string": client.get_string_details,
                "int": client.get_integer_details,
                "float": client.get_float_details,
                "object": client.get_object_details,
            }[kind]
            details = method(key, DEFAULTS[kind], context)
            print(
                json.dumps(
                    {
                        "context": index,
                        "key": key,
                        "value": details.value,
                        "variant": details.variant,
                        "reason": str(details.reason.value if hasattr(details.reason, "value") else details.reason),
                        "error": str(details.error_code.value) if details.error_code else None,
                    }
                ),
                flush=True,
            )


if __name__ == "__main__":
    main()
