"""Pages of a list, as the API returns them, and iteration over every page."""
from __future__ import annotations

from typing import Any, Callable, Dict, Generic, Iterator, List, Optional, TypedDict, TypeVar

T = TypeVar("T")


class PageMeta(TypedDict):
    total: int
    page: int
    per_page: int


class Page(Generic[T]):
    """One page of a list: `data`, `meta` and the envelope as returned (`raw`).

    Iterating a Page yields this page's items; `auto_paging_iter()` yields every
    item of every page, fetching the next page when this one is used up.
    """

    def __init__(self, envelope: Dict[str, Any], fetch: Callable[[int], "Page[T]"]) -> None:
        self.raw = envelope
        self.data: List[T] = envelope["data"]
        self.meta: PageMeta = envelope["meta"]
        self._fetch = fetch

    @property
    def has_more(self) -> bool:
        return len(self.data) > 0 and self.meta["page"] * self.meta["per_page"] < self.meta["total"]

    def next_page(self) -> Optional["Page[T]"]:
        return self._fetch(self.meta["page"] + 1) if self.has_more else None

    def auto_paging_iter(self) -> Iterator[T]:
        page: Optional[Page[T]] = self
        while page is not None:
            yield from page.data
            page = page.next_page()

    def __iter__(self) -> Iterator[T]:
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)

    def __getitem__(self, index: int) -> T:
        return self.data[index]

    def __repr__(self) -> str:
        return f"<Page {self.meta['page']} of {self.meta['per_page']} ({self.meta['total']} in all)>"
