"""The HTTP side of the Faxline client: one request, its JSON, its errors. Python's standard library only."""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Dict, Mapping, Optional

USER_AGENT = "faxline-python"


class FaxlineApiError(Exception):
    """An error answer of the API: its HTTP status and its body's `error` (type, message, code, param, request_id)."""

    def __init__(self, status: int, error: Mapping[str, Any]):
        self.status = status
        self.error = dict(error)
        self.type = self.error.get("type", "api_error")
        self.code = self.error.get("code")
        self.param = self.error.get("param")
        self.request_id = self.error.get("request_id")
        super().__init__(f"{status} {self.type}: {self.error.get('message', '')}")


class Transport:
    """Sends a request to /v1 with the API key, and answers the decoded JSON (bytes for a file), or raises."""

    def __init__(self, base_url: str, api_key: str, *, timeout: float = 60.0, language: Optional[str] = None):
        if not base_url.startswith(("http://", "https://")):
            raise ValueError("base_url must be the API's address with /v1, such as https://faxline.example.com/v1")
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout
        self.language = language

    def request(
        self,
        method: str,
        path: str,
        *,
        query: Optional[Mapping[str, Any]] = None,
        headers: Optional[Mapping[str, Optional[str]]] = None,
        body: Any = None,
    ) -> Any:
        url = self.base_url + path
        pairs = [(name, _query_value(value)) for name, value in (query or {}).items() if value is not None]
        if pairs:
            url += "?" + urllib.parse.urlencode(pairs)
        sent: Dict[str, str] = {"Authorization": f"Bearer {self.api_key}", "Accept": "application/json", "User-Agent": USER_AGENT}
        if self.language:
            sent["Accept-Language"] = self.language
        sent.update({name: value for name, value in (headers or {}).items() if value is not None})
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            sent["Content-Type"] = "application/json"
        request = urllib.request.Request(url, data=data, headers=sent, method=method)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return _decoded(response.headers.get("Content-Type", ""), response.read())
        except urllib.error.HTTPError as answer:
            raise _api_error(answer) from None


class RateLimited(FaxlineApiError):
    """A 429: `retry_after` is how many seconds the API asks to wait."""

    def __init__(self, status: int, error: Mapping[str, Any], retry_after: float):
        super().__init__(status, error)
        self.retry_after = retry_after


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _decoded(content_type: str, raw: bytes) -> Any:
    if "json" in content_type:
        return json.loads(raw.decode("utf-8")) if raw else None
    return raw


def _api_error(answer: urllib.error.HTTPError) -> FaxlineApiError:
    raw = answer.read()
    try:
        error = json.loads(raw.decode("utf-8"))["error"]
    except (ValueError, KeyError, TypeError):
        error = {"type": "api_error", "message": raw.decode("utf-8", "replace")[:500] or answer.reason}
    if answer.code == 429:
        return RateLimited(answer.code, error, float(answer.headers.get("Retry-After") or 1))
    return FaxlineApiError(answer.code, error)
