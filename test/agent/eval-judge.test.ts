import { describe, expect, it } from "vitest";
import { count, date, excludes, figure, mentionsAmount, mentionsNumber, money, names, noChange, type Turn } from "../../eval/agent/judge.ts";
import { nextDate } from "../../eval/agent/facts.ts";
import type { World } from "../../eval/agent/world.ts";

/** How the evaluation reads a reply: figures as people write them, names as whole words. */
const reply = (text: string) => ({ reply: text, changes: [], proposals: [] }) as unknown as Turn;

describe("the evaluation's judge reads replies", () => {
  it("finds a count written in digits, with separators or in words, not inside numbers, ids or dates", () => {
    expect(mentionsNumber("16 invoices are overdue", 16)).toBe(true);
    expect(mentionsNumber("three invoices", 3)).toBe(true);
    expect(mentionsNumber("We have 1,204 contacts.", 1204)).toBe(true);
    expect(mentionsNumber("INV-000003 is late", 3)).toBe(false);
    expect(mentionsNumber("due 2026-03-01", 3)).toBe(false);
    expect(mentionsNumber("3.5 days", 3)).toBe(false);
    expect(count(0).judge(reply("No invoices are overdue."))).toBeNull();
    expect(count(4).judge(reply("5 of them"))).toBe("4 is not in the reply");
  });

  it("finds an amount with or without separators, to the cent or the unit, and wants each currency named", () => {
    for (const text of ["115,187.82 USD", "$115187.82", "115,188 USD", "USD 115,187.82."]) expect(mentionsAmount(text, 115187.82), text).toBe(true);
    expect(mentionsAmount("1115,187.82", 115187.82)).toBe(false);
    expect(mentionsAmount("115187.8", 115187.82)).toBe(false);
    expect(mentionsAmount("115,187.83", 115187.82)).toBe(false);
    const check = money({ USD: 1200, GBP: 50.5 });
    expect(check.judge(reply("1,200.00 USD and £50.50"))).toBeNull();
    expect(check.judge(reply("1,200.00 USD and 50.50"))).toBe("missing from the reply: 50.50 GBP");
    expect(money({ EUR: 0 }).judge(reply("Nothing is due."))).toBeNull();
  });

  it("wants the right records named and none of those the request excludes", () => {
    const check = names(["INV-000001", "INV-000002", "INV-000003", "INV-000004"], ["INV-000010", "INV-000001"]);
    expect(check.judge(reply("INV-000001, INV-000002 and INV-000004"))).toBeNull();
    expect(check.judge(reply("INV-000001 and INV-000002"))).toBe("the reply names 2 of 4 (needed 3): missing INV-000003, INV-000004");
    expect(check.judge(reply("INV-000001, INV-000002, INV-000003, INV-000010"))).toBe("the reply names INV-000010, which the request excludes");
    expect(names([], ["Ann Lee"]).judge(reply("There are none."))).toBeNull();
    expect(names([], ["Ann Lee"]).judge(reply("Here they are."))).toBe("the reply does not say there are none");
    expect(excludes(["INV-000012"]).judge(reply("INV-0000123 only"))).toBeNull();
  });

  it("reads rates, days and dates as people round and write them", () => {
    const rate = figure(0.667, "win rate", "percent");
    for (const text of ["66.7%", "67%", "66.7 %"]) expect(rate.judge(reply(text)), text).toBeNull();
    expect(rate.judge(reply("6.7%"))).toBe("66.7% is not in the reply");
    expect(figure(44.7, "days").judge(reply("about 45 days"))).toBeNull();
    expect(figure(null, "reply rate", "percent").judge(reply("There is no reply rate yet."))).toBeNull();
    const due = date("2026-12-08");
    for (const text of ["due 2026-12-08", "due December 8", "on 8 Dec", "12/08/2026"]) expect(due.judge(reply(text)), text).toBeNull();
    expect(due.judge(reply("December 18"))).toBe("2026-12-08 is not in the reply");
  });

  it("a question's right outcome is no change and no proposal", () => {
    expect(noChange().judge(reply("Which one?"))).toBeNull();
    expect(
      noChange().judge({ ...reply(""), proposals: [{ tool: "void_invoice", input: {}, status: "approval_required", approval_id: "apr_1" }] } as Turn),
    ).toBe("proposed void_invoice");
  });
});

describe("the evaluation's dates", () => {
  const on = (day: string) => ({ now: new Date(`${day}T09:00:00Z`) }) as World;

  it("a day of the year named without its year is the next time it comes, across the new year", () => {
    expect(nextDate(on("2026-12-01"), 3, 1)).toBe("2027-03-01");
    expect(nextDate(on("2026-02-10"), 3, 1)).toBe("2026-03-01");
    expect(nextDate(on("2026-03-01"), 3, 1)).toBe("2026-03-01");
    expect(nextDate(on("2026-03-02"), 3, 1)).toBe("2027-03-01");
  });
});
