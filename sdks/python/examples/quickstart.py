"""The README's examples, type-checked by mypy --strict in the test suite (run it against a server to try it)."""
from __future__ import annotations

import os
from typing import List

from enginery import Enginery, NotFoundError, RateLimitError, ValidationError, webhooks
from enginery.types import Event, Invoice


def overdue_total(client: Enginery) -> float:
    # Every overdue invoice of at least 1,000, over as many pages as there are.
    invoices: List[Invoice] = list(client.invoices.list(status="overdue", amount__gte=1000, per_page=100).auto_paging_iter())
    return sum((invoice["amount_due"] for invoice in invoices), 0.0)


def bill(client: Enginery) -> Invoice:
    try:
        invoice = client.invoices.create(client="Initech", amount=1250.5, currency="USD", due_date="2027-01-31", metadata={"po": "PO-778"})
    except ValidationError as error:
        for field in error.errors:
            print(field["in"], field["field"], field["message"])
        raise
    invoice = client.invoices.finalize(invoice["id"])
    return client.invoices.pay(invoice["id"], amount=250.5)


def handle_webhook(body: bytes, headers: dict[str, str], secret: str) -> str:
    event: Event = webhooks.verify(body, headers, secret)
    return f"{event['type']} {event['data']['object'].get('id')}"


def main() -> None:
    client = Enginery(api_key=os.environ["ENGINERY_API_KEY"], base_url=os.environ.get("ENGINERY_URL", "http://localhost:8080"), max_retries=3)
    me = client.me.get()
    print(me["organization"]["name"], client.rate_limit)
    page = client.invoices.list(status=["open", "overdue"], sort="-due_date", per_page=10)
    print(page.meta["total"], [invoice["number"] for invoice in page])
    print(overdue_total(client))
    try:
        dossier = client.accounts.dossier("acc_01jd8z6q4m2c8v3t5y7w9x0a1b")
        print(dossier["signals"])
    except NotFoundError as error:
        print(error.status, error.code, error.request_id)
    except RateLimitError as error:
        print("retry in", error.retry_after)
    print(bill(client)["amount_due"])


if __name__ == "__main__":
    main()
