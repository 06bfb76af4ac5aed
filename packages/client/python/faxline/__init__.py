"""A client of the Faxline REST API v1, generated from its OpenAPI document; Python's standard library only.

    from faxline import Faxline
    faxline = Faxline("https://faxline.example.com/v1", api_key)
    fax = faxline.wait_for_fax(faxline.send_fax({"recipient": "+15550100000", ...})["fax_id"])
"""

from __future__ import annotations

import time
from typing import Any, Dict, Optional

from ._generated import API_VERSION, FINAL_FAX_STATUSES, __version__, Operations
from ._transport import FaxlineApiError, RateLimited, Transport

__all__ = ["API_VERSION", "FINAL_FAX_STATUSES", "Faxline", "FaxlineApiError", "RateLimited", "__version__"]


class Faxline(Operations):
    """Every operation of /v1 as a method (`send_fax`, `get_fax`, `list_faxes`, ...), and `wait_for_fax`."""

    def __init__(self, base_url: str, api_key: str, *, timeout: float = 60.0, language: Optional[str] = None):
        self._transport = Transport(base_url, api_key, timeout=timeout, language=language)

    def wait_for_fax(self, fax_id: str, *, timeout: float = 300.0, interval: float = 2.0) -> Dict[str, Any]:
        """Polls GET /faxes/{fax_id} until the fax reaches a final status and returns it; waits out a 429 as
        Retry-After says; raises FaxlineApiError on another error answer, and TimeoutError when `timeout` runs out."""
        deadline = time.monotonic() + timeout
        while True:
            wait = interval
            try:
                fax = self.get_fax(fax_id)
                if fax["status"] in FINAL_FAX_STATUSES:
                    return fax
            except RateLimited as limited:
                wait = max(interval, limited.retry_after)
            if time.monotonic() + wait > deadline:
                raise TimeoutError(f"Fax {fax_id} has not reached a final status in {timeout} s.")
            time.sleep(wait)
