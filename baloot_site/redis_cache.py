"""Django's Redis cache backend, without two costs that show under load.

``CACHES = {"default": {"BACKEND": "baloot_site.redis_cache.RedisCache", "LOCATION": ...}}``
behaves exactly as ``django.core.cache.backends.redis.RedisCache``, but:

- Django's backend makes a new ``redis.Redis`` client for every operation, and making one fills
  a table of some three hundred reply handlers: about 0.1 ms of CPU each time, several times a
  request (session, rate limits, lesson cache version). Here each connection pool gets one client,
  made once and shared by the process's threads (redis-py clients are thread-safe).
- ``incr`` asks whether the key exists, then increments it: two round trips. Here a small Lua
  script does both at once, atomically, with the same meaning (``ValueError`` for a missing key).

And one operation Django's backends lack, for counters of a time window (the answer rate limits):
``count_each(keys, timeout)`` adds one to each key, a new key starting at 1 and expiring after
``timeout`` seconds, in a single round trip however many keys.
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient

# Increment an existing key; nil (a ValueError below) when it does not exist.
INCR_IF_EXISTS = """
if redis.call("EXISTS", KEYS[1]) == 1 then
    return redis.call("INCRBY", KEYS[1], ARGV[1])
end
return nil
"""

# Add one to each key; a key made now (count 1) expires after ARGV[1] seconds.
COUNT_EACH = """
local counts = {}
for i, key in ipairs(KEYS) do
    counts[i] = redis.call("INCR", key)
    if counts[i] == 1 then
        redis.call("EXPIRE", key, ARGV[1])
    end
end
return counts
"""


class SharedClient(RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}
        self._incr_scripts: dict[int, Any] = {}
        self._count_scripts: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            # Two threads may both make one: harmless, the second simply replaces the first.
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client

    def incr(self, key: Any, delta: int) -> int:
        client = self.get_client(key, write=True)
        script = self._incr_scripts.get(id(client))
        if script is None:
            script = self._incr_scripts[id(client)] = client.register_script(INCR_IF_EXISTS)
        value = script(keys=[key], args=[delta])
        if value is None:
            raise ValueError(f"Key '{key}' not found.")
        return int(value)

    def count_each(self, keys: list[Any], timeout: int) -> list[int]:
        client = self.get_client(write=True)
        script = self._count_scripts.get(id(client))
        if script is None:
            script = self._count_scripts[id(client)] = client.register_script(COUNT_EACH)
        return [int(count) for count in script(keys=keys, args=[timeout])]


class RedisCache(DjangoRedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = SharedClient

    def count_each(self, keys: list[str], timeout: int) -> list[int]:
        """Add one to each counter (a new one starts at 1 and lasts ``timeout`` seconds): one round trip."""
        made = [self.make_and_validate_key(key) for key in keys]
        return list(self._cache.count_each(made, timeout))
