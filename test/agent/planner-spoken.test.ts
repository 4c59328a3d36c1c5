import { describe, expect, it } from "vitest";
import { numbersAsDigits, spoken } from "../../src/engines/agent/planner/spoken.ts";
import { AVERAGE } from "../../src/engines/agent/planner/lexicon.ts";
import { rewritten } from "../../src/engines/agent/planner/parse.ts";

/** Dictated text put in typed form before the parser reads it. */
describe("numbers said in words", () => {
  it.each([
    ["twenty five hundred dollars", "2500 dollars"],
    ["twelve thousand eighteen", "12018"],
    ["twelve and a half thousand", "12500"],
    ["one hundred and five", "105"],
    ["a hundred bucks", "100 bucks"],
    ["two point five million", "2500000"],
    ["thirty-one days", "31 days"],
    ["between thirty one and sixty days", "between 31 and 60 days"],
    ["three and a half weeks", "3.5 weeks"],
    ["five grand", "5000"],
    ["invoice number eleven", "invoice number 11"],
  ])("%s", (said, typed) => expect(numbersAsDigits(said)).toBe(typed));

  it.each([
    // A lone "one" is a pronoun; a capital in mid-sentence names something; a word only partly a number stays.
    "the one that's still open",
    "one of them",
    "invoices for Seven Seas",
    "twenty-something people",
    "first name is ann",
    "four five six",
  ])("leaves %s as it is, or reads no more than it holds", (said) => {
    const typed = numbersAsDigits(said);
    if (said === "four five six") expect(typed).toBe("4 5 6");
    else expect(typed).toBe(said);
  });
});

describe("dictation in typed form", () => {
  it.each([
    ["okay so stark logistics um how much do they owe", "stark logistics how much do they owe"],
    ["twelve thousand eighteen dollars and twenty seven cents", "12018.27 dollars"],
    ["move it to proposal no wait negotiation", "move it to negotiation"],
    ["log a payment on invoice number eleven no sorry twelve", "log a payment on invoice number 12"],
    ["move him to rejected no wait no no to offer", "move him to offer"],
    ["email is priya dot nair at hooli dot cloud", "email is priya.nair@hooli.cloud"],
    ["website is acme dot io", "website is acme.io"],
    ["when is the massive dynamic in voice due", "when is the massive dynamic invoice due"],
    ["due on the twenty fifth of january", "due on the 25th of january"],
    ["march third", "march 3rd"],
    ["the euro one for eighty five hundred and something", "the euro one for about 8500"],
    // A request, then a remark of its own.
    ["pause the new lead follow up sequence for now we're rewriting the emails", "pause the new lead follow up sequence for now. we're rewriting the emails"],
    ["give alan turing four stars he did way better", "give alan turing 4 stars. he did way better"],
    // A record said first, then the request with a pronoun for it.
    ["tim burners lee move him to offer", "move tim burners lee to offer"],
    ["hooli asked for more time so push the due date back", "hooli asked for more time, push the due date back"],
  ])("%s", (said, typed) => expect(spoken(said)).toBe(typed));

  it.each([
    // Relative clauses and questions keep their pronouns; typed punctuation is the writer's own.
    "show the invoices they haven't paid",
    "remind me what role she's up for and where she is in the process",
    "Katherine Johnson didn't make it, reject them",
    "who do we have as contacts at stark",
    "yes",
  ])("leaves %s as it is", (said) => expect(spoken(said)).toBe(said));
});

describe("shouting", () => {
  it.each([
    ["WE WON NORTHWIND!!! mark the deal won", "we won Northwind!!! mark the deal won"],
    ["Pied Piper finally paid in FULL", "Pied Piper finally paid in Full"],
    ["void INV-12 for the USD client, the CFO agreed", "void INV-12 for the USD client, the CFO agreed"],
  ])("%s", (said, typed) => expect(spoken(said)).toBe(typed));
});

describe("round thirty: Portuguese words, dropped g's, Pidgin", () => {
  it.each([
    ["which faturas have vencimento this month?", "which invoices have the due date this month?"],
    ["quantas vagas abertas temos hoje?", "How many open jobs we have today?"],
    ["when is the previsão to close it?", "when is the expected close date?"],
    ["who's still owin us? been sittin on it all mornin", "who's still owing us? been sitting on it all morning"],
    ["pull every dang invoice that's late", "pull every invoice that's late"],
    ["who's gettin them follow-up emails", "who's getting the follow-up emails"],
    ["Abeg check if Pied Piper don pay. How much dem still owe us?", "please check if Pied Piper has paid. How much they still owe us?"],
  ])("%s", (said, typed) => expect(spoken(said)).toBe(typed));

  it.each([
    // Names and English words that look like the other language's stay as they are.
    "São Paulo office: add a job",
    "add Mario Vaga as a contact at Acme",
    "the cabin in the woods invoice",
    "Austin Martin begin the sequence",
  ])("leaves %s as it is", (said) => expect(spoken(said)).toBe(said));
});

describe("round thirty-one: Tagalog particles, Italian and Chinese words", () => {
  it.each([
    ["what stage na ba the Hooli Cloud deal?", "what stage is the Hooli Cloud deal?"],
    ['paki-enroll si Olivia Tanaka sa "New lead follow-up" pls', 'please enroll Olivia Tanaka in "New lead follow-up" pls'],
    ["move Radia to interview na", "move Radia to interview"],
    ["quante fatture scadute abbiamo in questo momento?", "How many overdue invoices do we have right now?"],
    ["scarta il candidato per Product Designer, non ci piace", "Reject the candidate for Product Designer"],
    ["USD 发票 overdue more than USD 1w", "USD invoice overdue more than 10000 USD"],
    ["any 发票 above 5万 USD?", "any invoice above 50000 USD?"],
  ])("%s", (said, typed) => expect(spoken(said)).toBe(typed));

  it.each([
    // A purchase order is no particle; English words Italian also has stay English; a name stays.
    "James sign PO already, change him to customer",
    "invoices per currency, in the Negotiation stage",
    "add Luca Conti as a contact at Ferrari",
    "Alberto Na joined Globex",
  ])("leaves %s as it is", (said) => expect(spoken(said)).toBe(said));
});

describe("round thirty-two: office English from Seoul, Tallinn and Dubai", () => {
  it.each([
    ["Salam, kindly tell me how many invoices are overdue? shukran", "kindly tell me how many invoices are overdue?"],
    ["Recieved USD 5,000/- from Acme", "Recieved 5,000 USD from Acme"],
    ['make new deal "Pilot" for Initech, expected close 31.03', 'make a new deal "Pilot" for Initech, expected close 31 March'],
    ["open new vacancy Junior Accountant", "create a new job Junior Accountant"],
    ["new candidate, please register: Park Jisoo — first name Jisoo, last name Park, jisoo@x.kr", "new candidate: Jisoo Park, jisoo@x.kr"],
    ["how about push INV-13 due date 2 week more? please do it", "push INV-13 due date 2 week more."],
    ["Name: Omar Haddad\nCompany: Initech\nDesignation: Procurement Lead", "Name: Omar Haddad, Company: Initech, Designation: Procurement Lead."],
  ])("%s", (said, typed) => expect(spoken(said)).toBe(typed));

  it.each([
    // A decimal is no date; an amount with a dot stays; "open" a deal or job that exists is not a new one.
    "set the amount of INV-12 to 12.50 USD",
    "version 2.01 of the contract",
    "open the Globex deal",
  ])("leaves %s as it is", (said) => expect(spoken(said)).toBe(said));
});

describe("round thirty-three: Indonesian, Polish, South African English", () => {
  it.each([
    ["invoice Globex sudah dibayar belum? kalo belum yg mana aja ya", "which invoices of Globex are unpaid?"],
    ["deal yang di Negotiation ada berapa?", "how many deal in Negotiation are there?"],
    ["ile mamy zaległych faktur?", "How many do we have overdue invoices?"],
    ["please to make invoice, 5 tys. USD, termin płatności 15.01", "please to make invoice, 5000 USD, due date 15 January"],
    ['new deal - call it "Bakkie", USD 12 500, should close end of Feb', 'new deal - call it "Bakkie", 12500 USD, should close end of Feb'],
    ["can you record it? its not the full amount hey", "can you record it, a part payment."],
  ])("%s", (said, typed) => expect(spoken(said)).toBe(typed));

  it.each([
    // English words Polish and Indonesian also have stay English; a name stays.
    "how many deals do we have in Negotiation?",
    "add Budi Santoso as a contact at Globex",
    "the Tyrell deal is at 12 500 seats",
    // A record's id holds letters any language may have ("ba", "yg", "na"): it is a code, never words.
    "void inv_01m8r8ba1e1w76z0hfpavgccty",
    "show deal_01m8rydtbk40yg9y7w60anc1e8 please",
  ])("leaves %s as it is", (said) => expect(spoken(said)).toBe(said));
});

describe("round thirty-four: Scottish English, day-first writers, a field asked with no verb", () => {
  it.each([
    ["gonnae send me the overdue list the now", "can you send me the overdue list now"],
    ["we cannae find the Oscorp invoice, wee favour, show it", "we can't find the Oscorp invoice, favour, show it"],
    ["Aye so the payment came in fae Hooli the day", "the payment came in from Hooli today"],
    ["how many folk applied, outwith the rejected ones", "how many people applied, outside the rejected ones"],
    // A day-first sign (sterling, British words, a company as a plural) reads "3/2" as the 3rd of February.
    ["move INV-9 due to 3/2, cheers", "move INV-9 due to 3 February, cheers"],
    ["£400 invoice for Globex due 4/1/2027", "£400 invoice for Globex due 4 January 2027"],
    ["Pied Piper have asked to pay on 10/11", "Pied Piper have asked to pay on 10 November"],
    ["invoice USD yg outstanding paling gede punya client mana?", "which client has the largest outstanding USD invoice?"],
  ])("%s", (said, typed) => expect(spoken(said)).toBe(typed));

  it.each([
    // Without a sign "3/2" stays for the date reader; "the day before" is no "today"; a ratio is no date.
    "move INV-9 due to 3/2",
    "Pied Piper has asked to pay on 10/11",
    "the day before the deadline",
    "£400 split 1/2 with Globex",
    "add Guy Ritchie at Globex as a contact",
  ])("leaves %s as it is", (said) => expect(spoken(said)).toBe(said));

  it.each([
    ["email of Ava Chen at Stark", "what is the email of Ava Chen at Stark?"],
    ["phone number for James Novak please", "what is the phone of James Novak?"],
    ["Ava Chen at Stark, email and phone?", "what is Ava Chen at Stark's email and phone?"],
    ["Ava Chens email, the one at stark", "Ava Chen's email, the one at stark"],
    ["what's the title of the Ava Chen who works at Stark", "what's the title of Ava Chen at Stark"],
    ["Aye so Isla Haddad's been promoted to Finance Director", "Isla Haddad's title is Finance Director"],
  ])("%s", (said, typed) => expect(rewritten(spoken(said))).toBe(typed));

  it.each([
    // A value given is a change, not a question.
    "email for Ava Chen is ava@x.io",
    "update the email of Ava Chen to ava@x.io",
  ])("does not make a question of %s", (said) => expect(rewritten(spoken(said))).not.toMatch(/^what is/));
});

describe("an order and an average asked", () => {
  it.each([
    ["open deals sorted by amount, biggest first", "open deals"],
    ["list candidates for the backend role, ordered by rating", "list candidates for the backend role"],
    ["show me our accounts alphabetically please", "show me our accounts please"],
    ["what's the average deal size", "what's the total deal amount"],
  ])("%s", (said, typed) => expect(rewritten(spoken(said))).toBe(typed));

  it.each(["how much is in the pipeline, the open deals i mean", "do you mean the Globex invoice?", "what I mean is the total"])(
    "asks no average in %s",
    (said) => expect(AVERAGE.test(said)).toBe(false),
  );

  it.each(["invoices due by Friday", "deals closing by the end of the month", "sort out the Globex invoice by Friday"])("leaves %s as it is", (said) =>
    expect(rewritten(spoken(said))).toBe(said),
  );
});

describe("Swahili and Kenyan English", () => {
  it.each([
    // Verbs read from their parts: who, when, whether not, the root ("ha-wa-ja-lipa", they have not paid yet).
    ["tuna wateja wangapi?", "how many clients do we have?"],
    ["Globex hawajalipa bado, nipe invoices zao", "Globex have not paid yet, give me their invoices"],
    ["nipe invoices zote za Stark ambazo zimechelewa", "Give me all invoices of Stark that are overdue"],
    ["Grace Hopper amefika wapi?", "what stage is Grace Hopper at?"],
    ["ni nani ako kwa interview stage?", "Who is in interview stage?"],
    ["wagombea wa Account Executive ni wangapi?", "how many candidates for Account Executive are there?"],
    ["mark INV-12 kama imelipwa", "mark INV-12 as paid"],
    ["simu ya Leo Andersen ni gani?", "what is Leo Andersen's phone?"],
    ["weka Olivia kwa sequence ya Q3 nurture", "Put Olivia in the Q3 nurture sequence"],
    ["Acme wamelipa INV-7 yote, asante", "Acme have paid INV-7 in full, thanks"],
    // Sheng: an English root with Swahili parts.
    ["Boss ameapprove draft ya Initech", "Boss has approved draft of Initech"],
    ["tufungue kazi mpya: Sales Lead, Nairobi", "create a new job: Sales Lead, Nairobi"],
    // Kenyan shillings, by any of their names.
    ["raise an invoice for Acme, KSh 120,000/= for haulage", "raise an invoice for Acme, 120,000 KES for haulage"],
    // An id and an address in a Swahili message stay as they are.
    ["tafadhali void inv_01m8r8ba1e1w76z0hfpavgccty", "Please void inv_01m8r8ba1e1w76z0hfpavgccty"],
    ["ongeza contact: Mei Wanjiru, mei.wanjiru@globex.com, kampuni Globex", "Add contact: Mei Wanjiru, mei.wanjiru@globex.com, company Globex"],
  ])("%s", (said, typed) => expect(spoken(said)).toBe(typed));

  it.each([
    // Names Swahili words also are ("Nani", "Sasa", "Leo", "Mei", "Ana"), a city, "na"/"ya"/"wa" in English: no Swahili.
    "add Achieng Otieno as a contact at Kisumu Traders",
    "who is Nani Kealoha's account manager?",
    "Mei Chen, Leo Park and Ana Lopez are new contacts",
    "Sasa Petrovic wants a new deal",
    "add Yuko Sato and Yao Ming as contacts at Wako Pure Chemicals",
    "invoices for the Ankara office",
    "ya know, the Kwa-Zulu Natal deal is still open",
    "list the invoices for Ni Hao Trading and Wa Lun Foods",
    "void inv_01m8r8ba1e1w76z0hfpavgccty",
  ])("leaves %s as it is", (said) => expect(spoken(said)).toBe(said));
});

describe("Turkish", () => {
  it.each([
    // Endings after an apostrophe: from, to, on, of; a verb in its asking form put first.
    ["Oscorp'tan 1.000 USD tahsil ettik, INV-000010'a işle", "from Oscorp a payment of 1000 USD came, record it on INV-000010"],
    ["INV-000020'nin vadesini 15 Şubat'a ertele", "push the due date of INV-000020 to 15 February"],
    ["Pied Piper'a 3.000 USD'lik fatura kes, vade 30 gün", "create for Pied Piper 3000 USD invoice, due in 30 days"],
    ["Tim Berners-Lee'yi teklif aşamasına taşı", "move Tim Berners-Lee to the offer stage"],
    ["Alan Turing'i interview'a al", "move Alan Turing to interview"],
    ["Lucas Silva'yı sekanstan çıkar", "remove Lucas Silva from the sequence"],
    // Typed without the Turkish letters; a deal's name keeps its colon.
    ["en cok borcu olan musteri hangisi?", "which client owes us the most?"],
    ["Northwind Traders: Support upgrade kazanildi olarak isaretlensin", "mark Northwind Traders: Support upgrade as won"],
    ["kontagi guncelle", "update contact"],
    ["Koç Tekstil adında yeni firma ekle, web sitesi koctekstil.com.tr", "add new account named Koç Tekstil, website koctekstil.com.tr"],
    ["Hooli Cloud'un borcu ne kadar?", "how much does Hooli Cloud owe us?"],
    ["vadesi bu hafta dolan faturalar hangileri?", "Which due this week invoices?"],
    // A question about closing is no close; a request not to void voids nothing; two invoices paid are both marked.
    ["Northwind Traders deal'inin kapanış tarihi ne zaman?", "when is the Northwind Traders deal expected to close?"],
    ["INV-000022'yi iptal etmeyelim, sadece vadesini 2 hafta uzatalım", "INV-000022, push only due date by 2 weeks"],
    ["INV-000010 ve INV-000008 ikisi de ödendi, kapatır mısın", "mark INV-000010 and INV-000008 as paid"],
  ])("%s", (said, typed) => expect(spoken(said)).toBe(typed));

  it.each([
    // English stays English; a Turkish name, a possessive and a record's id are no Turkish request.
    "Ken Thompson's application is not a fit, please reject him",
    "add Mehmet Yılmaz as a contact at Globex",
    "show the Hawai'i Tours invoices",
    "void inv_01m8r8ba1e1w76z0hfpavgccty",
    "how many deals do we have in Negotiation?",
    "which invoices are unpaid for Ekim Holdings?",
  ])("leaves %s as it is", (said) => expect(spoken(said)).toBe(said));
});
