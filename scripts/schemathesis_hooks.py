"""Schemathesis hooks for revrec's document (scripts/schemathesis.sh).

The usage upload (`POST /v1/usage-records`) takes NDJSON, one record per line; schemathesis
has no serializer for `application/x-ndjson`, so a generated body is written as one JSON
line (any other value as its JSON text), which is what a one-line upload is.
"""

import json

import schemathesis


@schemathesis.serializer("application/x-ndjson")
def ndjson(ctx, value):
    return (json.dumps(value) + "\n").encode()
