import { invalidField } from "./errors.ts";
import { currencyDigits } from "./validation.ts";

/** Amounts travel as JSON numbers with at most two decimals and are kept as integer hundredths. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** JPY and other currencies without minor units take whole amounts only. */
export function checkCurrencyPrecision(field: string, cents: number, currency: string): void {
  const digits = currencyDigits(currency);
  if (digits < 2 && cents % 10 ** (2 - digits) !== 0) {
    throw invalidField("body", field, `${currency} has ${digits === 0 ? "no minor unit" : "one decimal"}; send at most ${digits} decimals`);
  }
}
