"""Pages as the API returns them, and iteration over every page."""
from __future__ import annotations

import unittest

from enginery import Page

from .support import client, unique


class Pagination(unittest.TestCase):
    def test_auto_paging_over_several_pages(self) -> None:
        c = client()
        name = unique("Paged")
        created = [c.invoices.create(client=name, amount=i + 1, currency="USD", due_date="2030-01-01")["id"] for i in range(7)]
        first = c.invoices.list(client=name, per_page=3, sort="amount")
        self.assertIsInstance(first, Page)
        # The envelope, as returned.
        self.assertEqual(first.raw["meta"], {"total": 7, "page": 1, "per_page": 3})
        self.assertEqual(first.meta["total"], 7)
        self.assertEqual(len(first), 3)
        self.assertEqual([i["amount"] for i in first], [1, 2, 3])
        self.assertTrue(first.has_more)
        second = first.next_page()
        assert second is not None
        self.assertEqual(second.meta["page"], 2)
        self.assertEqual([i["amount"] for i in second.data], [4, 5, 6])
        every = [i["id"] for i in first.auto_paging_iter()]
        self.assertEqual(sorted(every), sorted(created))
        self.assertEqual(len(every), 7)
        last = c.invoices.list(client=name, per_page=3, page=3, sort="amount")
        self.assertEqual([i["amount"] for i in last], [7])
        self.assertFalse(last.has_more)
        self.assertIsNone(last.next_page())

    def test_empty_list(self) -> None:
        page = client().invoices.list(client=unique("Nobody"))
        self.assertEqual((page.data, page.meta["total"], list(page.auto_paging_iter())), ([], 0, []))
