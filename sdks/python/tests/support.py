"""What every test needs: the server the test run started, its keys, unique names."""
from __future__ import annotations

import os
import uuid
from typing import Any

from enginery import Enginery


def env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        raise RuntimeError(f"{name} is not set: these tests run against a real server, which npm test starts (test/sdk-python/python.test.ts)")
    return value


def base_url() -> str:
    return env("ENGINERY_TEST_URL")


def client(key: str = "ENGINERY_TEST_KEY", **options: Any) -> Enginery:
    """A client of the test server with one of its keys (named by environment variable)."""
    options.setdefault("base_url", base_url())
    return Enginery(api_key=env(key), **options)


def unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:10]}"
