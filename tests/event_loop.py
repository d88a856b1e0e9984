"""asyncio for a test that may run beside Playwright's synchronous API."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")


def run_apart(main: Callable[[], Awaitable[T]]) -> T:
    """``asyncio.run(main())`` in a thread of its own: in one pytest process the browser
    tests' Playwright keeps an event loop running in the main thread, where asyncio.run
    refuses to start another."""

    async def wrapped() -> T:
        return await main()

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, wrapped()).result()
