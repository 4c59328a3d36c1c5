/*
 * Turkish in a request, as an Istanbul office writes it: whole sentences ("vadesi geçmiş kaç fatura var?") or
 * Turkish around English words ("Negotiation aşamasındaki deal'ler hangileri?", "lifecycle'ini customer yapar
 * mısın"), often typed without the Turkish letters ("odenmemis faturalari"). Turkish glues its endings to a word,
 * so a noun is read as its stem with any endings, a name or an English word by the ending after its apostrophe
 * ("Initech'den" is from Initech, "Stark'ın" is Stark's), and a verb in any of the forms a request takes ("ekle",
 * "ekler misin", "ekleyebilir misiniz", "ekleyelim"). The verb comes last in a Turkish clause; it is put first.
 */
import { type Phrase, translator } from "./translate.ts";

/** Each Turkish letter also as typed without it ("ödenmemiş", "odenmemis"), dotted and dotless i alike. */
const LETTERS: Record<string, string> = {
  ı: "ıiIİ",
  i: "iIİı",
  ş: "şŞsS",
  s: "sSşŞ",
  ğ: "ğĞgG",
  g: "gGğĞ",
  ü: "üÜuU",
  u: "uUüÜ",
  ö: "öÖoO",
  o: "oOöÖ",
  ç: "çÇcC",
  c: "cCçÇ",
};
const LETTER = "[\\p{L}\\p{N}_]";
/** A word's edge, by letters of any script (a regex's own \b knows only ASCII). */
const EDGE = `(?:(?<!${LETTER})(?=${LETTER})|(?<=${LETTER})(?!${LETTER}))`;

/**
 * A pattern written in lower-case Turkish that reads a word in either case and typed without its Turkish letters;
 * \b is a word's edge. (No "i" flag: with it, \p{Lu} would take any letter.)
 */
function tr(source: string): string {
  let out = "";
  let inClass = false;
  for (let k = 0; k < source.length; k++) {
    const c = source[k]!;
    if (c === "\\") {
      const next = source[k + 1] ?? "";
      if (/[pPu]/.test(next) && source[k + 2] === "{") {
        const end = source.indexOf("}", k);
        out += source.slice(k, end + 1);
        k = end;
        continue;
      }
      out += next === "b" && !inClass ? EDGE : c + next;
      k++;
    } else if (inClass) {
      if (c === "]") inClass = false;
      out += LETTERS[c] ?? c;
    } else if (c === "[") {
      inClass = true;
      out += c;
    } else if (LETTERS[c]) out += `[${LETTERS[c]}]`;
    else if (/\p{Ll}/u.test(c)) out += `[${c}${c.toUpperCase()}]`;
    else out += c;
  }
  return out;
}
const re = (source: string) => new RegExp(tr(source), "gu");

/** The endings a noun takes, in their order: plural, possessive, case, "the one at". */
const ENDINGS = String.raw`(?:l[ae]r)?(?:[ıiuü]m[ıiuü]z|[ıiuü]n[ıiuü]z|s?[ıiuü])?(?:n?[ıiuü]n|n?[dt][ae]n|n?[dt][ae](?:ki)?|[ny]?[ae]|[ny]?[ıiuü]|y?l[ae]|l[ıiuü]|s[ıiuü]z)?(?:d[ıiuü]r)?`;
/** The endings after an apostrophe on a name or an English word ("Initech'den", "deal'leri", "CFO'su"). */
const APOSTROPHE_ENDINGS = String.raw`(?:l[ıiuü]k|(?:l[ae]r)?(?:[ıiuü]?m[ıiuü]z|s?[ıiuü])?(?:n?[ıiuü]n|n?[dt][ae]n|n?[dt][ae](?:ki)?|[ny]?[ae]|[ny]?[ıiuü]|y?l[ae])?)`;
/** The forms a request's verb takes: "ekle", "ekler misin", "ekleyebilir misiniz", "ekleyelim", "ekleyin", "eklemen lazım". */
const ASKED = String.raw`(?:[ae]?y?[ae]bil[ie]r\s*m[ıiuü](?:s[ıiuü]n(?:[ıiuü]z)?)?|[ıiuüae]?r\s*m[ıiuü]s[ıiuü]n(?:[ıiuü]z)?|y?[ae]l[ıi]m|y?[ıiuü]n(?:[ıiuü]z)?|s[ae]n[ae]|(?:[ıiuü]?[ln])?s[ıiuü]n|(?:[ıiuü]?[ln])?m[ae]l[ıi]|y?[ae]b[ıi]l[ıi]r\s+m[ıi]y[ıi]z|m[ae](?:m[ıi]z|n)\s+(?:laz[ıi]m|gerek(?:iyor)?|laz[ıi]m\s+\p{L}+)|)`;

/** A name: words in capitals ("Stark Logistics", "INV-12"), or one word in quotes. */
const NAME = String.raw`(?:\p{Lu}[\p{L}\p{N}&.+-]*|[A-Z]{2,}-?\d+|\d+)(?:\s+(?:\p{Lu}[\p{L}\p{N}&.+-]*|of|and|&|\d+))*`;

/**
 * The name before a kind of record ("Senior Backend Engineer ilanı", "New lead follow-up sekansı", "Tyrell Biotech:
 * Platform rollout fırsatı"): words in capitals, then at most three in lower case that are not Turkish's own.
 */
const PLAIN = "(?:için|icin|ile|sonraki|yeni|ile|bu|ve|de|da|bir|olan|açık|acik|open|tüm|bütün|her|the|a|an|our|all|new|and|or|at|in|to|for|with|of)";
const KIND_NAME = String.raw`\p{Lu}[\p{L}\p{N}&.:+-]*(?:\s+\p{Lu}[\p{L}\p{N}&.:+-]*)*(?:\s+(?!${PLAIN}\b)\p{Ll}[\p{L}\p{N}-]*){0,3}`;

const MONTHS: Record<string, string> = {
  ocak: "January",
  şubat: "February",
  mart: "March",
  nisan: "April",
  mayıs: "May",
  haziran: "June",
  temmuz: "July",
  ağustos: "August",
  eylül: "September",
  ekim: "October",
  kasım: "November",
  aralık: "December",
};
const fold = (word: string) => word.toLowerCase().replace(/i̇/g, "i").replace(/[ıİ]/g, "i").normalize("NFD").replace(/\p{M}/gu, "").normalize("NFC");
const MONTH_OF = Object.fromEntries(Object.entries(MONTHS).map(([tr, en]) => [fold(tr), en]));
const MONTH = Object.keys(MONTHS).join("|");

/** Nouns of the trade by stem, with their English in the singular and the plural. */
const NOUNS: [string, string, string][] = [
  ["fatura", "invoice", "invoices"],
  ["aday", "candidate", "candidates"],
  ["kontak", "contact", "contacts"],
  ["kontağ", "contact", "contacts"],
  ["kişi", "person", "people"],
  ["müşteri", "client", "clients"],
  ["fırsat", "deal", "deals"],
  ["anlaşma", "deal", "deals"],
  ["ilan", "job", "jobs"],
  ["pozisyon", "job", "jobs"],
  ["aşama", "stage", "stages"],
  ["sekans", "sequence", "sequences"],
  ["teklif", "offer", "offers"],
  ["tutar", "amount", "amounts"],
  ["vade", "due date", "due dates"],
  ["ödeme", "payment", "payments"],
  ["tahsilat", "payment", "payments"],
  ["havale", "transfer", "transfers"],
  ["firma", "account", "accounts"],
  ["şirket", "account", "accounts"],
  ["hesap", "account", "accounts"],
  ["hesab", "account", "accounts"],
  ["etiket", "tag", "tags"],
  ["başvuru", "application", "applications"],
  ["mülakat", "interview", "interviews"],
  ["görüşme", "call", "calls"],
  ["taslak", "draft", "drafts"],
  ["döviz", "currency", "currencies"],
  ["unvan", "title", "titles"],
  ["departman", "department", "departments"],
  ["kaynak", "source", "sources"],
  ["kaynağ", "source", "sources"],
  ["açıklama", "description", "descriptions"],
  ["telefon numara", "phone", "phones"],
  ["telefon", "phone", "phones"],
  ["e-posta adres", "email", "emails"],
  ["eposta adres", "email", "emails"],
  ["mail adres", "email", "emails"],
  ["web site", "website", "websites"],
  ["puan", "rating", "ratings"],
  ["sipariş", "order", "orders"],
  ["proje", "project", "projects"],
  ["taslağ", "draft", "drafts"],
  ["tecrübe", "experience", "experiences"],
  ["deneyim", "experience", "experiences"],
  ["tarih", "date", "dates"],
  ["toplam", "total", "totals"],
  ["liste", "list", "lists"],
  ["oran", "rate", "rates"],
  ["değer", "value", "values"],
  ["gün", "day", "days"],
  ["hafta", "week", "weeks"],
  ["süreç", "process", "processes"],
  ["süre", "time", "times"],
  ["borç", "balance", "balances"],
  ["borc", "balance", "balances"],
  ["kalan", "balance", "balances"],
  ["durum", "status", "statuses"],
  ["rakam", "figure", "figures"],
  ["mail", "email", "emails"],
  ["e-posta", "email", "emails"],
  ["eposta", "email", "emails"],
  ["adres", "address", "addresses"],
  ["sahip", "owner", "owners"],
  ["sahib", "owner", "owners"],
  ["fiş", "receipt", "receipts"],
];
const NOUN_OF = new Map(NOUNS.map(([stem, one, many]) => [fold(stem), [one, many] as const]));
const nounOf = (stem: string) => NOUN_OF.get(fold(stem).replace(/\s+/g, " "));
const PLURAL_OF = new Map(NOUNS.map(([, one, many]) => [one, many]));
const NOUN = NOUNS.map(([stem]) => stem)
  .sort((a, b) => b.length - a.length)
  .map((stem) => stem.replace(/ /g, "\\s+"))
  .join("|");

/** A noun with its endings in English: "faturalarının" invoices, "pozisyonlarımız" our jobs. */
function noun(stem: string, endings: string): string {
  const [one, many] = nounOf(stem) ?? [stem, stem];
  const e = fold(endings);
  return `${/^[iu]m[iu]z/.test(e.replace(/^l[ae]r/, "")) ? "our " : ""}${/^l[ae]r/.test(e) ? many : one}`;
}

/** A name or an English word with a Turkish ending after its apostrophe, in English. */
function suffixed(name: string, endings: string): string {
  const e = fold(endings);
  // ("3.000 USD'lik fatura": an invoice of that amount.)
  if (/^l[iu]k$/.test(e)) return name;
  // ("deal'ler" deals; "Umbrella Health deal'leri" the Umbrella Health deals.)
  const plural = /^l[ae]r/.test(e) && /(?:^|\s)\p{Ll}[\p{L}-]*$/u.test(name) ? `${name}s` : name;
  if (/[dt][ae]n$/.test(e)) return `from ${plural}`;
  if (/[dt][ae](?:ki)?$/.test(e)) return `at ${plural}`;
  if (/[iu]n$/.test(e)) return `${plural}'s`;
  if (/^y?l[ae]$/.test(e)) return `with ${plural}`;
  if (/(?:^|[^l])[ae]$/.test(e) || /^y[ae]$/.test(e)) return `to ${plural}`;
  // ("deal'i işaretle": the deal; "lifecycle'ini": its lifecycle.)
  return /^\p{Ll}/u.test(name) && /[iu]$/.test(e.replace(/^l[ae]r/, "")) ? `the ${plural}` : plural;
}

/** Request verbs by stem (a stem that changes before a vowel given twice), with the English verb. */
const VERBS: [string, string][] = [
  ["işaretle", "mark"],
  ["ekle", "add"],
  ["kaydet", "record"],
  ["kayded", "record"],
  ["iptal et", "void"],
  ["iptal ed", "void"],
  ["void et", "void"],
  ["void ed", "void"],
  ["sil", "delete"],
  ["reddet", "reject"],
  ["redded", "reject"],
  ["ele", "reject"],
  ["kapat", "close"],
  ["listele", "list"],
  ["göster", "show"],
  ["gönder", "send"],
  ["yolla", "send"],
  ["ver", "give"],
  ["yaz", "write"],
  ["söyle", "tell me"],
  ["bul", "find"],
  ["getir", "show"],
  ["çıkar", "show"],
  ["güncelle", "update"],
  ["değiştir", "change"],
  ["düzelt", "change"],
  ["taşı", "move"],
  ["geçir", "move"],
  ["ilerlet", "move"],
  ["kesinleştir", "finalize"],
  ["onayla", "finalize"],
  ["işle", "record"],
  ["hazırla", "create"],
  ["çek", "move"],
  ["ayarla", "set"],
  ["öde", "pay"],
  ["gir", "record"],
  ["oluştur", "create"],
  ["aç", "create"],
  ["kes", "create"],
  ["durdur", "pause"],
  ["başlat", "start"],
  ["işe al", "hire"],
  ["ertele", "push"],
  ["uzat", "extend"],
  ["çıkart", "remove"],
  ["hesapla", "work out"],
];
const VERB = VERBS.map(([stem]) => stem)
  .sort((a, b) => b.length - a.length)
  .map((stem) => stem.replace(/ /g, "\\s+"))
  .join("|");
const VERB_OF = new Map(VERBS.map(([stem, english]) => [fold(stem).replace(/\s+/g, " "), english]));

/** A verb made English, held in marks until it is put first in its clause. */
const held = (english: string) => `⟪${english}⟫`;

// Words only Turkish has, that no English, Spanish, Portuguese, Italian, Polish, Indonesian or Tagalog request holds
// ("fatura" alone is Portuguese, "kontak" Indonesian, "ile" Polish, "ilan" Tagalog: only their Turkish endings count).
const MARKERS = new RegExp(
  `(?<!\\p{L})(?:\\p{Ll}*[ığş]\\p{L}*|${tr(String.raw`kaç|kac|kadar|hangi(?:si|leri|sini|lerini)?|kimler\p{L}*|kimdi|nedir|neler|misin\p{L}*|mısın\p{L}*|musun|misiniz|lütfen|lutfen|hocam|tesekkur\p{L}*|sagol|merhaba|yani|simdi|bugun|yarin|henuz|artik|sadece|hepsi|hepsini|toplam\p{L}*|haric|dahil|yeni|acik|olarak|icin|bize|bizim|lazım|gerek\p{L}*|odendi|odenmemis|odenmis|odenen|odeme\p{L}*|vade\p{L}*|gecmis|taslak\p{L}*|kesil\p{L}*|firsat\p{L}*|ilan(?:lar|[ıi]|[ıi]n[ıia]?|[ıi]nda\p{L}*|da|a)\p{L}*|pozisyon\p{L}*|aday(?:lar|[ıi]|[ıi]n|a)?\p{L}*|kontak(?:lar|[ıi]|[ıi]n|a)\p{L}*|musteri\p{L}*|teklif\p{L}*|asama\p{L}*|sekans\p{L}*|tutar\p{L}*|mulakat\p{L}*|gorusme\p{L}*|basvur\p{L}*|ekle(?:r|yin|yelim|yebilir)?|isaretle\p{L}*|kaydet\p{L}*|kayded\p{L}*|iptal|reddet\p{L}*|redded\p{L}*|kapat(?:ir|abilir|alim|in)\p{L}*|listele\p{L}*|yap(?:ar|alim|abilir|in)\p{L}*|fatura(?:l[ae]r|s[ıi]|y[ıi]|n[ıi]n)\p{L}*|borclu|alacag\p{L}*|doviz\p{L}*|etiket\p{L}*|kontag\p{L}*|kisi(?:ler|leri|nin|lerin|yi)|firma(?:s[ıi]|l[ae]r|n[ıi]n|y[ıa])\p{L}*|sirket\p{L}*|unvan\p{L}*|puan[ıi]\p{L}*|tahsil\p{L}*|bakiye\p{L}*|guncelle\p{L}*|olustur\p{L}*|goster\p{L}*|degistir\p{L}*|tasi(?:r|yalim|yin|sana|yabilir)\p{L}*|gecir\p{L}*|sil(?:in|elim|er\s*misin|ebilir)\p{L}*|isle(?:r|yelim|yebilir|yin)\p{L}*|gir(?:er\s*misin|elim|in|ebilir)\p{L}*|kaldir\p{L}*|cikar\p{L}*|durdur\p{L}*|baslat\p{L}*|ertele\p{L}*|uzat(?:ir|alim|in|abilir)?\p{L}*|kesinlestir\p{L}*|onayla\p{L}*|gonder\p{L}*|yolla\p{L}*|\p{L}+['’](?:l[ae]r\p{L}*|n?[ıiuü]n|[dt][ae]n|[dt][ae]|y[ae]|y[ıiuü]|[ıiuü]n[ıiuü]|s[ıiuü]|l[ıiuü]k)|(?:\p{Lu}[\p{L}-]*|[\p{L}-]*\p{N})(?<![aeıioöuüAEIİOÖUÜ])['’][ıiuüae]`)})(?!\\p{L})`,
  "u",
);

/** What a case ending makes of a name before it ("the Negotiation stage" in it, to it, from it, its). */
function cased(named: string, endings: string, to = "to"): string {
  const e = fold(endings);
  if (/[dt][ae]n$/.test(e)) return `from ${named}`;
  if (/[dt][ae](?:ki)?$/.test(e)) return `in ${named}`;
  if (/[iu]n$/.test(e)) return `${named}'s`;
  if (/[ae]$/.test(e)) return `${to} ${named}`;
  return named;
}
const KINDS: Record<string, string> = { asama: "stage", sekans: "sequence", ilan: "job", pozisyon: "job", firsat: "deal", etiket: "tag" };

/**
 * Where a clause ends: a stop, a comma, or a colon that is not inside a deal's name ("Stark Logistics: Support upgrade").
 */
const NAMED_COLON = String.raw`(?<=\p{Lu}[\p{L}\p{N}&-]*):(?=\s+[\p{Lu}\p{N}])`;
const STOP = String.raw`(?:[.?!;,]|(?!${NAMED_COLON}):)(?=\s|$)`;

/** The verb first in its clause ("deal'i kazanıldı olarak ⟪mark⟫" is "mark deal'i kazanıldı olarak"). */
function verbFirst(_: string, start: string, rest: string, verb: string, to?: string): string {
  // (A Turkish word that began the sentence is no name once the verb stands before it: "Yeni kontak".)
  const first = /^\p{Lu}\p{Ll}+/u.exec(rest)?.[0];
  const told = first && WORDS[fold(first)] !== undefined ? first.toLowerCase() + rest.slice(first.length) : rest;
  // ("void edelim": void it, the record the message named before.)
  if (!told.trim() && TAKES_AN_OBJECT.has(verb)) return `${start}${verb} it`;
  return `${start}${verb} ${told}`.trimEnd() + (to ? " to " : "");
}
const TAKES_AN_OBJECT = new Set(["void", "delete", "reject", "close", "finalize", "record", "hire", "pause"]);

const PHRASES: Phrase[] = [
  // Address words and particles that hold no request.
  [re(String.raw`^\s*(?:merhaba|selam|günaydın|iyi\s+günler)\b[,!.\s]*`), ""],
  [
    re(
      String.raw`[,\s]*(?<!['’])\b(?:abi|abla|hocam|kardeşim|canım|ya|yahu|acaba|galiba|sanırım|herhalde|bakalım|rica\s+etsem|rica\s+ediyorum|yani)\b(?=\s*[.?!,;]|\s|$)`,
    ),
    "",
  ],
  [re(String.raw`[,.\s]*\b(?:teşekkürler|teşekkür\s+ederim|sağ\s*ol(?:un)?|eyvallah|kolay\s+gelsin)\b[.!]*`), ""],
  [re(String.raw`\blütfen\b`), ""],
  // "iptal etmeyelim", "silmeyin": a request not to; the verb goes, so nothing reads it as one to do.
  // ("ödeme", "ekleme", "eleme" are nouns too: only their asking forms are read so.)
  [
    re(
      String.raw`\s*\b(?:(?:${VERB}|yap)m[ae](?:y[ae]l[ıi]m|y[ıi]n(?:[ıi]z)?|s[ıi]n|m[ae]l[ıi](?:y[ıi]z)?)|(?!(?:öde|ekle|işle|ele)m)(?:${VERB}|yap)m[ae](?=\s*(?:[.?!,;]|$)))(?!\p{L})`,
    ),
    "",
  ],
  // "bakar mısın", "kontrol eder misin": asking to look, which the question after it says.
  [re(String.raw`\b(?:bakar|bakabilir|kontrol\s+eder|kontrol\s+edebilir)\s*m[ıi]s[ıi]n(?:[ıi]z)?\b|\bkontrol\s+et(?:sene)?\b`), ""],
  // English words of the trade with Turkish endings and no apostrophe: "domaini", "dealler".
  [
    re(
      String.raw`\b(domain|deal|lead|pipeline|invoice|status|stage|email|title|tag)((?:l[ae]r)?(?:s?[ıiuü])?(?:n?[ıiuü]n|n?[dt][ae]n?|[ny]?[ıiuü]|[ny]?[ae])?)\b`,
    ),
    (whole: string, word: string, endings: string) => (endings ? (/^l[ae]r/.test(fold(endings)) ? `${word}s` : word) : whole),
  ],
  // "Tim Berners-Lee'ye 4 puan ver": rated.
  [re(String.raw`(${NAME})['’]y?[ae]\s+(\d)\s+(?:puan|yıldız)\s+(?:ver|ekle)${ASKED}(?!\p{L})`), "rate $1 $2 stars"],
  // "hatırlatma gönder": a reminder, which is no invoice to send.
  [re(String.raw`\b(?:bir\s+)?hatırlatma(?:\s+(?:maili|e-?postası|mesajı))?\s+(?:gönder|at|yolla|geç)${ASKED}(?!\p{L})`), "remind about"],
  // "Emma Dubois'yı (Globex)": the person at that company.
  [re(String.raw`(${NAME})(['’]\p{L}+)\s*\((${NAME})\)`), "$1 at $3$2"],
  // "Hooli Cloud'a kesilen INV-13": the invoice, whose number says it.
  [re(String.raw`(${NAME})['’]y?[ae]\s+(?:kesilen|kesilmiş|ait)\s+(?=[A-Z]{2,5}-\d)`), ""],
  // "teklif (offer)": the English word given beside the Turkish one.
  [re(String.raw`\b\p{L}+\s*\(([A-Za-z][A-Za-z -]{1,30})\)`), "$1"],
  [re(String.raw`\bİK\b|\bIK(?=['’])`), "HR"],
  // Amounts and dates in Turkish.
  [re(String.raw`(\d+(?:,\d+)?)\s*bin\b`), (_, n: string) => String(Math.round(Number(n.replace(",", ".")) * 1000))],
  [re(String.raw`(\d+(?:,\d+)?)\s*milyon\b`), (_, n: string) => String(Math.round(Number(n.replace(",", ".")) * 1_000_000))],
  [re(String.raw`(\d)\s*(?:TL|₺)(?!\p{L})|(?:₺)\s*(\d)`), (_, a?: string, b?: string) => (a ? `${a} TRY` : `TRY ${b}`)],
  [
    re(String.raw`(\d{1,2})\s+(${MONTH})(?:\s+(\d{4}))?(['’]?(?:[dt][ae]n|[dt][ae]|y?[ae]|n?[ıi]n)|\s+tarihin[ed]e|\s+tarihli)?(\s+kadar)?\b`),
    (_, d: string, m: string, y?: string, ending?: string, until?: string) => {
      const date = `${d} ${MONTH_OF[fold(m)]}${y ? ` ${y}` : ""}`;
      const e = fold(ending ?? "").replace(/^['’]/, "");
      if (until) return `by ${date}`;
      if (/^[dt][ae]$/.test(e)) return `on ${date}`;
      if (/^y?[ae]$/.test(e)) return `to ${date}`;
      return date;
    },
  ],
  // "Northwind Traders deal'inin kapanış tarihi ne zaman?": when it is expected to close (a question, never a close).
  [
    re(
      String.raw`(${KIND_NAME}|${NAME})(?:\s+(?:deal|fırsat|anlaşma)\p{L}*|['’]\p{L}+)?\s+(?:(?:(?:tahmini\s+)?kapanış(?:\s+tarihi)?\s+(?:ne\s+zaman|nedir|ne))|ne\s+zaman\s+kapan\p{L}*)`,
    ),
    (_, name: string) => `when is the ${name.replace(/\s+deal$/i, "")} deal expected to close`,
  ],
  // "15 Ocak'ta kapanır diye düşünüyoruz": when the deal is expected to close.
  [
    re(
      String.raw`\b(?:on\s+)?(\d{1,2}\s+[A-Z][a-z]+(?:\s+\d{4})?)\s+(?:kapanır|kapanacak|kapanması\s+bekleniyor|kapatırız|kapatacağız)(?:\s+diye\s+\p{L}+|\s+gibi)?\b`,
    ),
    "expected close $1",
  ],
  [re(String.raw`\b(?:tahmini\s+)?kapanış(?:ı)?(?:\s+tarihi(?:ni|ne)?)?\b`), "expected close"],
  // "adı Kumaş tedariki": the record's name.
  [re(String.raw`\b(?:adı|ismi|başlığı)(?:\s*:)?\s+([^",.;:?!]+?)(?=\s*(?:[,.;?!]|$))`), '"$1"'],
  [re(String.raw`\bayın\s+(\d{1,2})['’]?(?:s[ıi]|[ıiuü]|y[ıi])?(?:n[ae]|n?d[ae])?\b`), "the $1th of this month"],
  [re(String.raw`\b(?:bu\s+)?ay(?:ın)?\s+sonuna\s+kadar\b`), "by the end of this month"],
  [re(String.raw`\b(?:bu\s+)?ay(?:ın)?\s+sonuna\b`), "to the end of this month"],
  [re(String.raw`\b(?:bu\s+)?ay(?:ın)?\s+son(?:u|unda|una)?\b`), "the end of this month"],
  [re(String.raw`\b(?:bu\s+)?yıl(?:ın)?\s+son(?:u|unda|una)?\b`), "the end of this year"],
  [re(String.raw`\bgelecek\s+ay(?:ın)?\s+son(?:u|unda|una)?\b`), "the end of next month"],
  [re(String.raw`\bbu\s+ay(?:ki|da|ın)?\b`), "this month"],
  [re(String.raw`\b(?:geçen|önceki)\s+ay(?:ki|da|ın)?\b`), "last month"],
  [re(String.raw`\b(?:gelecek|önümüzdeki|sonraki)\s+ay(?:ki|da|ın)?\b`), "next month"],
  [re(String.raw`\bbu\s+hafta(?:ki|da|nın)?\b`), "this week"],
  [re(String.raw`\b(?:gelecek|önümüzdeki|sonraki|haftaya)\s+hafta(?:ki|da|nın|ya)?\b|\bhaftaya\b`), "next week"],
  [re(String.raw`\b(?:geçen|önceki)\s+hafta(?:ki|da|nın)?\b`), "last week"],
  [re(String.raw`\bbu\s+(?:yıl|sene)(?:ki|da|nın)?\b`), "this year"],
  [re(String.raw`\bson\s+(\d+)\s+gün(?:de|dür|lük|ün)?\b`), "in the last $1 days"],
  [re(String.raw`\bson\s+(\d+)\s+ay(?:da|dır|lık|ın)?\b`), "in the last $1 months"],
  [re(String.raw`\b(\d+)\s+günden\s+(?:fazla|çok|uzun)\b`), "more than $1 days"],
  [re(String.raw`\b(\d+)\s+günden\s+az\b`), "less than $1 days"],
  [re(String.raw`\b(\d+)\s+gün\s+(?:sonra|sonraya)\b`), "in $1 days"],
  [
    re(String.raw`\b(\d+(?:[.,]\d+)?)\s*(USD|EUR|GBP|TRY|dolar|euro|avro|sterlin)?\s*(?:['’]?(?:[dt][ae]n|n)\s+)?(?:fazla|büyük|yüksek|üstü|üzeri)\b`),
    (_, n: string, cur?: string) => `over ${n}${cur ? ` ${cur}` : ""}`,
  ],
  [
    re(String.raw`\b(\d+(?:[.,]\d+)?)\s*(USD|EUR|GBP|TRY|dolar|euro|avro|sterlin)?\s*(?:['’]?(?:[dt][ae]n)\s+)?(?:az|küçük|düşük|altı)\b`),
    (_, n: string, cur?: string) => `under ${n}${cur ? ` ${cur}` : ""}`,
  ],
  [re(String.raw`\bbu\s+çeyrek(?:te|teki|in)?\b`), "this quarter"],
  [
    re(
      String.raw`\bvade(?:si|leri)?\s+((?:this|next|last)\s+(?:week|month|quarter|year)|today|tomorrow|by\s+[^,.?!;]+?|the\s+end\s+of\s+(?:this|next)\s+\p{L}+|(?:on\s+|to\s+)?\d{1,2}\s+\p{L}+(?:\s+\d{4})?)\s+(?:dolan|dolacak|gelen|gelecek|olan|biten|bitecek)(?:lar|ları)?\b`,
    ),
    (_, when: string) => `due ${when.replace(/^(?:on|to)\s+/, "")}`,
  ],
  [re(String.raw`\b(?:geçen|önceki)\s+çeyrek(?:te|teki|in)?\b`), "last quarter"],
  [re(String.raw`\bçeyrek\b`), "quarter"],
  [re(String.raw`\b(?:ortalama\s+)?(?:tahsilat|tahsil)\s+süre(?:si|miz|mız|siz)?\b`), "DSO"],
  [re(String.raw`\bne\s+kadar\s+(?:tahsilat\s+yaptık|tahsil\s+ettik|para\s+topladık)\b`), "how much have we collected"],
  [re(String.raw`\bvade(?:si)?\s+(\d+)\s+gün(?:dür)?\b|\b(\d+)\s+gün\s+vadeli\b`), (_, a?: string, b?: string) => `due in ${a ?? b} days`],
  // "en büyük 5", "en eski": the largest, the oldest.
  [re(String.raw`\ben\s+(?:büyük|yüksek)\s+(\d+)\b|\b(\d+)\s+en\s+(?:büyük|yüksek)\b`), (_, a?: string, b?: string) => `the ${a ?? b} largest`],
  [re(String.raw`\ben\s+(?:küçük|düşük)\s+(\d+)\b`), "the $1 smallest"],
  [re(String.raw`\ben\s+(?:büyük|yüksek)(?:ü|ler[ıi])?\b`), "the largest"],
  [re(String.raw`\ben\s+(?:küçük|düşük)(?:ü|ler[ıi])?\b`), "the smallest"],
  [re(String.raw`\ben\s+eski(?:si|leri)?\b`), "the oldest"],
  [re(String.raw`\ben\s+(?:yeni|son)(?:si|leri)?\b`), "the latest"],
  [re(String.raw`\b(USD|EUR|GBP|TRY|TL|dolar|euro|avro|sterlin)\s+(?:cinsinden(?:ki)?|bazında|olan(?:lar)?)\b`), "in $1"],
  // "Acme'den 5.000 USD geldi": a payment of that amount.
  [
    re(
      String.raw`(\d[\d.,]*\s*(?:USD|EUR|GBP|TRY|TL)|(?:USD|EUR|GBP|TRY)\s*\d[\d.,]*)(?:['’]l[ıi]k)?\s+(?:(?:ödeme|havale|eft|para|tahsilat)\s+)?(?:geldi|yattı|yatırdı|yatırıldı|ödedi|gönderdi|tahsil\s+edildi|tahsil\s+ettik|aldık|girdi)\b`,
    ),
    "a payment of $1 came",
  ],
  [re(String.raw`\b(?:şu\s+an(?:da)?|şuan(?:da)?|şimdi(?:lik)?|halihazırda|hâlihazırda)\b`), "now"],
  [re(String.raw`\bbugün(?:kü|e\s+kadar)?\b`), "today"],
  [re(String.raw`\byarın\b`), "tomorrow"],
  [re(String.raw`\bdün\b`), "yesterday"],
  [re(String.raw`(\d)\s*(?:dolarlık|USD['’]?l[ıi]k)\b`), "$1 USD"],
  [re(String.raw`(\d)\s*(?:euroluk|avroluk|EUR['’]?l[uü]k)\b`), "$1 EUR"],
  [re(String.raw`(\d)\s*(?:sterlinlik|GBP['’]?l[ıi]k)\b`), "$1 GBP"],
  [re(String.raw`(\d)\s*(?:liralık|TL['’]?l[ıi]k)\b`), "$1 TRY"],
  [re(String.raw`\bdolar\b`), "USD"],
  [re(String.raw`\b(?:euro|avro)\b`), "EUR"],
  [re(String.raw`\bsterlin\b`), "GBP"],
  // States of an invoice.
  [re(String.raw`\bvade(?:si|leri)?\s+(?:geçmiş|geçen|geçti|dolmuş|doldu|gelmiş)\p{L}*|\b(?:gecikmiş|geciken|gecikmede(?:ki)?|gecikmeli)\p{L}*`), "overdue"],
  [re(String.raw`\bvade(?:si|leri)?\s+(?:henüz\s+)?(?:gelmemiş|dolmamış|geçmemiş|gelmeyen|dolmayan)\p{L}*`), "open"],
  [re(String.raw`\bvade(?:si|leri)?\s+(?:dolacak|dolan|gelecek|gelen|yaklaşan)\p{L}*`), "due"],
  [re(String.raw`\b(?:tamamı|tamamen|hepsi|full|tam\s+olarak)\s+ödendi\b|\b(?:tamamı|tamamen|hepsi)\s+ödenmiş\b`), "paid in full"],
  [re(String.raw`\bbir\s+kısmını\s+(?:yatırmış|ödemiş|yatırdı|ödedi)\p{L}*`), "paid part of it"],
  [re(String.raw`\b(?:bir\s+kısmı|kısmen|kısmi)\s+(?:ödenmiş|ödendi|ödenen)\p{L}*`), "part paid"],
  [re(String.raw`\bkısmi\s+ödeme\p{L}*`), "part payment"],
  [re(String.raw`\b(?:ödenmemiş|ödenmeyen|ödenmedi|ödemesi\s+yapılmamış|ödemesi\s+gelmemiş|tahsil\s+edilmemiş)\p{L}*`), "unpaid"],
  [re(String.raw`\b(?:ödenmiş|ödenen|ödendi|ödemesi\s+yapılmış|tahsil\s+edilmiş|tahsil\s+edildi)\p{L}*`), "paid"],
  [re(String.raw`\b(?:henüz\s+)?(?:kesilmemiş|kesilmeyen|gönderilmemiş)\p{L}*`), "not yet issued"],
  [re(String.raw`\b(?:kesilmiş|kesilen|kesildi|gönderilmiş|gönderilen)\p{L}*`), "issued"],
  [re(String.raw`\b(?:iptal\s+edilmiş|iptal\s+edilen|iptal\s+edildi)\p{L}*`), "void"],
  [re(String.raw`\btaslak(?:ta|taki|tadır)\b|\btaslak\s+halinde(?:ki)?\b`), "draft"],
  // "kalanı ay sonu gelecekmiş": the rest comes later, which asks nothing.
  [
    re(
      String.raw`\bkalan(?:ı|ını|lar[ıi])?\s+(?:[^.?!,;]*?\s+)?(?:gelecek|ödenecek|ödeyecek(?:ler)?|yatacak|yatırılacak|gönderilecek|gelir)(?:miş|mış)?(?:\s+(?:dediler|diyorlar|dedi))?\b`,
    ),
    "the rest will come later",
  ],
  [re(String.raw`\bkalan(?:ı|lar|ları)?\s+(?:bekleyen|beklenen|gelmemiş|ödenmemiş)\b`), "still unpaid"],
  [re(String.raw`\b(?:bekleyen|beklemede(?:ki)?)\b`), ""],
  [re(String.raw`\byanlış(?:lıkla)?\s+(?:kesilmiş|kesildi|kesilen|girilmiş|girildi|oluşturulmuş|oluşturuldu|açılmış|açıldı)\b`), "was issued by mistake"],
  [
    re(String.raw`\b(tutar|vade|tarih|fiyat|e-?posta|mail)(?:ı|i|sı|si)?\s+(?:hatalı|yanlış)\b`),
    (_, what: string) => `the ${NOUN_OF.get(fold(what))?.[0] ?? "price"} is wrong`,
  ],
  [re(String.raw`\b(?:iyi|güzel|olumlu)\s+geçti\b`), "went well"],
  [re(String.raw`\b(?:kötü|olumsuz)\s+geçti\b`), "went badly"],
  // "Hooli Cloud işini aldık": we won their deal.
  [
    re(
      String.raw`(${KIND_NAME})\s+(?:işini|işi|ihalesini|siparişini|anlaşmasını|fırsatını|fırsatı|deal['’]?(?:ini|ı|i))\s+(?:aldık|kazandık|kaptık|kazandılar)\b`,
    ),
    "we won the $1 deal",
  ],
  [
    re(
      String.raw`(${KIND_NAME})\s+(?:işini|işi|ihalesini|siparişini|anlaşmasını|fırsatını|fırsatı|deal['’]?(?:ini|ı|i))\s+(?:kaybettik|kaçırdık|kaybettiler)\b`,
    ),
    "we lost the $1 deal",
  ],
  // States of a deal, a candidate, a contact; "kazandığımız deal'ler": the deals we won.
  [re(String.raw`\bkazandığ[ıi]m[ıi]z\p{L}*`), "won"],
  [re(String.raw`\bkaybettiğ[ıi]m[ıi]z\p{L}*`), "lost"],
  [re(String.raw`\bişe\s+aldığ[ıi]m[ıi]z\p{L}*`), "hired"],
  [re(String.raw`\b(?:reddettiğ[ıi]m[ıi]z|elediğ[ıi]m[ıi]z)\p{L}*`), "rejected"],
  [re(String.raw`\b(?:kestiğ[ıi]m[ıi]z|gönderdiğ[ıi]m[ıi]z)\p{L}*`), "issued"],
  [re(String.raw`\bkapanması\s+(?:beklenen|planlanan|öngörülen)\b|\bkapanacak(?:\s+olan|lar|ları)?\b`), "expected to close"],
  [re(String.raw`\b(?:tekrar|yeniden)\s+başlat${ASKED}(?!\p{L})|\bdevam\s+ettir${ASKED}(?!\p{L})`), "⟪resume⟫"],
  [re(String.raw`(${NAME})\s+kime\s+(?:kesildi|kesilmiş|ait|gönderildi|kesilmişti)\b`), "show $1"],
  [re(String.raw`\b(?:fatura|invoice)(?:sı)?\s+(?:kesilecek|kesilsin|kesilmeli|kesilmesi\s+lazım|açılacak|oluşturulacak|çıkılacak)\b`), "invoice ⟪create⟫"],
  [re(String.raw`\b(?:referansla|referans\s+ile|referans\s+yoluyla|tavsiyeyle)(?:\s+geldi)?\b`), "source referral"],
  [re(String.raw`\bteklifi\s+kabul\s+etti\b`), "accepted the offer"],
  [re(String.raw`\bteklifi\s+(?:reddetti|kabul\s+etmedi)\b`), "declined the offer"],
  [re(String.raw`\bmüşteri(?=\s+(?:olarak|yap|oldu|statüsü))`), "customer"],
  [re(String.raw`\b(?:kazanılmış|kazanılan|kazanıldı|kazandık|kazanılmışlar)\p{L}*`), "won"],
  [re(String.raw`\b(?:kaybedilmiş|kaybedilen|kaybedildi|kaybettik|kaybedilmişler)\p{L}*`), "lost"],
  [re(String.raw`\bkazanma\s+oran\p{L}*`), "win rate"],
  [re(String.raw`\b(?:işe\s+alınan|işe\s+alınmış|işe\s+alındı|işe\s+aldık)\p{L}*`), "hired"],
  [re(String.raw`\b(?:reddedilen|reddedilmiş|reddedildi|elenen|elenmiş|elendi)\p{L}*`), "rejected"],
  [re(String.raw`\b(?:ilk\s+görüşme|ön\s+görüşme|telefon\s+görüşmesi)(\p{L}*)`), "screening"],
  [re(String.raw`\bkarar\s+verici(?:ler|si)?\b`), "decision-maker"],
  // "müşteri statüsündeki kontaklar": contacts at that lifecycle stage.
  [
    re(String.raw`\b(\p{L}+)\s+(?:statüsündeki|statüsünde\s+olan|statüsünde)\s+(?:kontak|kişi)\p{L}*`),
    (_, stage: string) => `contacts with lifecycle stage ${/^m[uü][sş]teri/iu.test(stage) ? "customer" : stage}`,
  ],
  [re(String.raw`\btam\s+zamanlı\b`), "full time"],
  [re(String.raw`\byarı\s+zamanlı\b`), "part time"],
  [re(String.raw`\buzaktan\b`), "remote"],
  [re(String.raw`\bhibrit\b`), "hybrid"],
  [re(String.raw`\bweb\s+sitesi\b`), "website"],
  [/(?<!\p{L})İ(?=stanbul|zmir|zmit|skenderun|negöl)/gu, "I"],
  // "Koç Tekstil adında yeni firma": a new account of that name.
  [
    re(String.raw`(${NAME}|"[^"]+")\s+(?:adında|adlı|isimli|ismiyle|unvanlı)\s+(?:yeni\s+)?(?:bir\s+)?(\p{L}+)`),
    (_, name: string, what: string) => `new ${what} named ${name}`,
  ],
  [re(String.raw`\bsatın\s*alma\b`), "purchasing"],
  // "satış müdürü" sales manager; "Satış Temsilcisi", in capitals, is a title to keep as written.
  [
    /(?<![\p{L}\p{N}])(finans|sat[ıi][sş]|pazarlama|muhasebe|operasyon|lojistik)(?![\p{L}\p{N}])/gu,
    (_, word: string) =>
      ({ finans: "finance", satis: "sales", pazarlama: "marketing", muhasebe: "accounting", operasyon: "operations", lojistik: "logistics" })[fold(word)] ??
      word,
  ],
  [re(String.raw`\bgenel\s+müdür(?:ü|ümüz)?\b`), "general manager"],
  [re(String.raw`\b(?:müdürü|müdür|yöneticisi|yönetici)\b`), "manager"],
  [re(String.raw`\b(?:direktörü|direktör)\b`), "director"],
  [re(String.raw`\b(?:uzmanı|uzman)\b`), "specialist"],
  [re(String.raw`\b(?:mühendisi|mühendis)\b`), "engineer"],
  [re(String.raw`\b(?:sorumlusu|sorumlu)\b`), "lead"],
  [re(String.raw`\binsan\s+kaynakları\b`), "HR"],
  [re(String.raw`\b(?:aktif|etkin)\b`), "active"],
  [re(String.raw`\b(?:açık|açıktaki)\b`), "open"],
  [re(String.raw`\b(?:kapalı|kapanmış|kapanan)\b`), "closed"],
  [re(String.raw`\bpipeline['’]?(?:da|daki|ın|in)\b`), "pipeline"],
  [re(String.raw`\b(?:brüt|ağırlıksız)\b`), ""],
  [re(String.raw`\brevize\s+(?:oldu|edildi|ettik)\b|\bdeğişti\b`), "changed"],
  [re(String.raw`\bteklifi\s+(?:gönderdik|ilettik|attık|yolladık)\b`), "we sent the proposal"],
  // "Sofia Kowalski'ye vip etiketi ekle": tagged.
  [re(String.raw`(${NAME})['’]y?[ae]\s+"?([\p{L}\p{N}-]+)"?\s+etiket(?:i|ini)?\s+(?:ekle|koy|tak|ata|yapıştır)${ASKED}(?!\p{L})`), "tag $1 as $2"],
  // "bir sonraki aşamaya": to the next one.
  [re(String.raw`\bbir\s+sonraki\s+aşama(?:ya|sına)\b`), "to the next stage"],
  // "Negotiation aşamasındaki", "New lead follow-up sekansına", "Backend Engineer ilanına": a name and its kind.
  [
    re(
      String.raw`(${KIND_NAME}|(?!${PLAIN}\b)\p{Ll}[\p{L}\p{N}-]*(?=\s+(?:aşama|etiket)))\s+(aşama|sekans|ilan|pozisyon|fırsat|etiket)(?:s?[ıi])?(${ENDINGS})\b`,
    ),
    (_, name: string, kind: string, endings: string) =>
      fold(kind) === "etiket" && !/[dt][ae]n?$|[ae]$/.test(fold(endings))
        ? `tagged ${name}`
        : cased(`the ${name} ${KINDS[fold(kind)] ?? kind}`, endings, fold(kind) === "ilan" ? "for" : "to"),
  ],
  [/\b(to\s+the\s+[^,.?!;]+?\s+deal)\s+we\s+sent\s+the\s+proposal\b/g, "we sent the proposal $1"],
  // '"New lead follow-up" sekansında': a name in quotes, then its kind.
  // ("...sekansında kaç kişi var": the question after it is about that sequence.)
  [
    re(String.raw`^\s*(sekans|aşama|ilan|fırsat)(?:s?[ıi])?(${ENDINGS})\b`),
    (_, kind: string, endings: string) => ` ${KINDS[fold(kind)] ?? kind}${/[dt][ae](?:ki)?$/.test(fold(endings)) ? ":" : ""}`,
  ],
  [re(String.raw`\b(sekans|aşama)(?:s[ıi])?(?:n?a|y?a)\b`), (_, kind: string) => `to the ${KINDS[fold(kind)]}`],
  [re(String.raw`\bsekans(?:s[ıi])?n?[dt]an\b`), "from the sequence"],
  [re(String.raw`\b(from\s+the\s+(?:[^.?!;:,]*?\s+)?sequence)\s+(?:çıkar|çıkart|sil|kaldır|al)${ASKED}(?!\p{L})`), "$1 ⟪remove⟫"],
  [re(String.raw`\bgeri\s+(?:al|çek|taşı|götür)${ASKED}(?!\p{L})`), "⟪move⟫"],
  // "Aperture Labs tarafındaki Olivia Tanaka": the person at the company.
  [re(String.raw`(${NAME})\s+tarafındaki\s+(${NAME})`), "$2 at $1"],
  [re(String.raw`(${NAME})\s+taraf(?:ın)?da(?:ki)?\b`), "at $1"],
  // "Olivia Tanaka - bunu ...": the record named, then pointed at.
  [re(String.raw`\s*[-–—]\s*(?:bunu|onu|bunları|onları)\b`), ""],
  // "X firmasının", "X şirketine": the company is its name.
  [
    re(String.raw`(${NAME})\s+(?:firma|şirket)(?:s[ıi])?(${ENDINGS})\b`),
    (_, name: string, endings: string) => (endings ? suffixed(name, endings.replace(/^n(?=[ıiae])/iu, "")) : name),
  ],
  // Postpositions after a name: "Stark Logistics için" for, "Umbrella Health ile" with.
  [re(String.raw`(${NAME})\s+ile\s+olan\s+(\p{L}+)(?=['’\s])`), "$2 with $1"],
  [
    re(String.raw`((?:the\s+)?${NAME}(?:\s+(?:job|deal|sequence|stage))?)\s+(için|ile|hakkında)\b`),
    (_, name: string, post: string) => `${{ icin: "for", ile: "with", hakkinda: "about" }[fold(post)]} ${name}`,
  ],
  // "Hooli Cloud'un borcu ne kadar?", "X'in ne kadar borcu var?"
  [
    re(
      String.raw`(${NAME})['’]n?[ıiuü]n\s+(?:toplam\s+|kalan\s+)?(?:borcu|bakiyesi|açık\s+bakiyesi|kalanı)\s+(?:ne\s+kadar|nedir|ne)\b|(${NAME})['’]n?[ıiuü]n\s+(?:toplam\s+)?ne\s+kadar\s+(?:borcu\s+)?(?:var|kaldı)\b`,
    ),
    (_, a?: string, b?: string) => (/^[A-Z]{2,5}-\d+$/.test(a ?? b ?? "") ? `how much is still due on ${a ?? b}` : `how much does ${a ?? b} owe us`),
  ],
  [
    re(String.raw`(${NAME}|\S+)\s+bize\s+(toplam\s+)?ne\s+kadar\s+borçlu(?:dur|lar)?\b`),
    (_, who: string, total?: string) => `how much does ${who} owe us${total ? " in total" : ""}`,
  ],
  // "faturaya ödeme gir", "INV-12'ye 500 USD ödeme ekle": a payment recorded on it.
  [
    re(
      String.raw`(?:(${NAME})['’]y?[ae]|\b(?:fatura(?:y|sın)[ae]))\s+(?:(\d[\d.,]*\s*(?:USD|EUR|GBP|TRY)?)(?:['’]l[ıi]k)?\s+)?(?:ödeme|tahsilat)\s+(?:gir|ekle|işle|kaydet|kayded|yap)${ASKED}(?!\p{L})`,
    ),
    (_, name?: string, amount?: string) => `record a payment${amount ? ` of ${amount}` : ""} on ${name ?? "the invoice"}`,
  ],
  // "CTO olarak güncelle", "19.000 USD olarak düzelt": changed to that.
  [
    re(String.raw`(\d[\d.,]*\s*(?:USD|EUR|GBP|TRY)|${NAME}|\S+)\s+olarak\s+(?:güncelle|düzelt|değiştir|ayarla|gir|set\s+et)${ASKED}(?!\p{L})`),
    "to $1 ⟪update⟫",
  ],
  // "Aperture Labs'teki Olivia Tanaka'yı": the person at the company.
  [re(String.raw`(${NAME})['’][dt][ae]ki\s+(${NAME})((?:['’]\p{L}+)?)`), "$2$3 at $1"],
  // "Wayne Enterprises'a ait kontaklar": theirs.
  [re(String.raw`(${NAME})['’]y?[ae]\s+ait\b`), "at $1"],
  // "Alan Turing'i interview'a al": moved to that stage.
  [re(String.raw`(?<![\p{L}'’])([\p{L}-]+)['’]y?[ae]\s+al(?:alım|ın|ır\s*m[ıi]s[ıi]n|abilir\s*m[ıi]s[ıi]n)?(?!\p{L})`), "to $1 ⟪move⟫"],
  // "INV-10'a işle": record it on that invoice.
  [re(String.raw`(${NAME})['’]y?[ae]\s+(?:işle|kaydet|kayded|gir|yaz)${ASKED}(?!\p{L})`), "⟪record⟫ it on $1"],
  // "Stark Logistics'in ödenmemiş faturaları", "X'in CFO'su", "deal'in tutarı": the Y of X.
  [
    new RegExp(
      tr(
        String.raw`((?:\p{L}+\s+with\s+)?${NAME}|(?:(?:won|lost|open|unpaid|paid|overdue|draft|active)\s+)?\p{Ll}[\p{L}-]*)['’](l[ae]r)?(?:n?[ıiuü]n)\s+((?:(?:the\s+)?(?:toplam|total)\s+|(?:the\s+)?(?:unpaid|paid|overdue|open|draft|won|lost|active|latest|oldest|largest|smallest|\d+\s+largest|new|last|first)\s+)?)(?:(${NOUN})(${ENDINGS})|([\p{L}\p{N}]+)['’](?:s?[ıiuü]\p{L}*))(?!\p{L})`,
      ),
      "gu",
    ),
    (_, owner: string, many: string | undefined, state: string, stem?: string, endings?: string, word?: string) =>
      `the ${state.replace(/^(?:the\s+)?toplam\b/, "total")}${stem ? noun(stem, endings ?? "") : word} of ${/^\p{Ll}/u.test(owner) ? "the " : ""}${owner}${many ? "s" : ""}`,
  ],
  // Names and English words with their endings: "Initech'den" from Initech, "Northwind'e" to it, "deal'leri" deals.
  // ("Northwind'e yeni fatura": an invoice for them.)
  [
    new RegExp(
      tr(
        String.raw`(${KIND_NAME}|${NAME}|[\p{L}\p{N}-]+)['’](${APOSTROPHE_ENDINGS})(?![\p{L}])(?=(\s+(?:(?:yeni|new)\s+)?(?:[\d.,]+\s*(?:USD|EUR|GBP|TRY|TL)?(?:['’]l[ıiuü]k)?\s+)?(?:fatura|invoice|fırsat|deal|teklif))?)`,
      ),
      "gu",
    ),
    (whole: string, name: string, endings: string, billed?: string) => {
      // (A lone vowel after a vowel is no Turkish ending, which takes a y or n there: "Hawai'i" is a name.)
      if (!endings || (/^[ıiuüae]$/iu.test(endings) && /[aeıioöuü]$/iu.test(name))) return whole;
      const english = suffixed(name, endings);
      return billed && english.startsWith("to ") ? `for ${english.slice(3)}` : english;
    },
  ],
  // "10 gün uzat": pushed by so many days.
  [
    re(String.raw`\b(\d+)\s+(gün|hafta|ay)\s+(?:daha\s+)?(?:uzat|ertele|ötele|kaydır)${ASKED}(?!\p{L})`),
    (_, n: string, unit: string) => `by ${n} ${{ gun: "days", hafta: "weeks", ay: "months" }[fold(unit)]} ⟪push⟫`,
  ],
  // "yeni fırsat: ...": a new record to create, when no other verb asks for it.
  [
    re(String.raw`\b((?:yeni|new)\s+(?:fırsat|deal|fatura|invoice|kontak|contact|aday|candidate|ilan|job|pozisyon|firma|hesap|account)\p{L}*)(\s*:)`),
    "$1 ⟪create⟫$2",
  ],
  // "puanı kaç": what it is.
  [re(String.raw`\bkaç(?:tır|dır)?(?=\s*(?:[?.!]|$))`), "ne"],
  // "Stark Logistics'e bu yıl kaç fatura": billed to them.
  [re(String.raw`(^|${STOP}\s*)to\s+(${NAME})(?=[^.?!;]*\b(?:fatura|invoice))`), "$1for $2"],
  // "teklif aşamasına alalım": moved there.
  [
    re(String.raw`\b(to\s+the\s+[^,.?!;]+?\s+stage|to\s+(?:interview|screening|offer))\s+al(?:alım|ın|ır\s*m[ıi]s[ıi]n|abilir\s*m[ıi]s[ıi]n)?(?!\p{L})`),
    "$1 ⟪move⟫",
  ],
  // "sekansa ekle", "X sekansına kaydet": enrolled in it.
  [re(String.raw`\bto\s+(the\s+(?:[^.?!;:,]*?\s+)?sequence)\s+(?:ekle|kaydet|kayded|dahil\s+et|dahil\s+ed|al)${ASKED}(?!\p{L})`), "in $1 ⟪enroll⟫"],
  // "mülakata alalım", "teklif aşamasına geçir": moved to a stage.
  [
    re(String.raw`\b(mülakat|interview|screening|offer|teklif)(?:a|e|ya)?\s+al(?:alım|ır\s+mısın|abilir\s+misin|ın)?\b`),
    (_, stage: string) => `move to ${fold(stage) === "mulakat" ? "interview" : fold(stage) === "teklif" ? "offer" : stage}`,
  ],
  // "kapatabilir misin" after a payment: the invoice is paid, not a deal closed.
  // ("INV-10 ve INV-8 ikisi de ödendi, kapatır mısın": each of them.)
  [
    re(
      String.raw`((?:[A-Z]{2,5}-\d+)(?:\s*(?:,|ve|and)\s*[A-Z]{2,5}-\d+)+)\s+(?:(?:her\s+)?ikisi(?:ni)?\s+de\s+|hepsi\s+)?paid(?:\s+in\s+full)?\s*[,.]?\s*(?:kapat|işaretle)${ASKED}(?!\p{L})`,
    ),
    (_, numbers: string) => `mark ${numbers.replace(/\s*(?:,|\bve\b)\s*/g, " and ")} as paid`,
  ],
  [re(String.raw`(\bpaid(?:\s+in\s+full)?\b[^?]*?)\bkapat${ASKED}(?!\p{L})`), "$1 mark it as paid"],
  // "X yapar mısın", "aşamasını Proposal yapalım", "Olivia'nın lifecycle'ını qualified yap": set to X.
  [
    re(
      String.raw`(^|[.?!;,](?=\s)\s*)([^.?!;,⟪⟫]*?)\s*((?:on\s+|to\s+)?\d{1,2}\s+[A-Z][a-z]+(?:\s+\d{4})?|\d[\d.,]*\s*(?:USD|EUR|GBP|TRY)|(?:USD|EUR|GBP|TRY)\s*\d[\d.,]*|\S+(?:\s+(?:USD|EUR|GBP|TRY))?)\s+yap(?:ar|alım|abilir|ın|sana)?(?:\s*m[ıi]s[ıi]n(?:[ıi]z)?|\s*m[ıi])?(?!\p{L})`,
    ),
    (_, start: string, what: string, value: string) => {
      const field = fold(what.replace(/^the\s+/, ""));
      // ("aşamasını Proposal yapalım": moved there.)
      if (/^asama/.test(field)) return `${start}⟪move⟫ it to ${value}`;
      const thing = /^lifecycle\S*$/.test(field)
        ? "their lifecycle stage"
        : /lifecycle/.test(field)
          ? what.replace(/\blifecycle(?:\s+stage)?\b/i, "lifecycle stage")
          : /^tutar/.test(field)
            ? "the amount"
            : /^vade/.test(field)
              ? "the due date"
              : what.trim() || "it";
      // ("lost yap": marked so; a state is marked, a field set.)
      if (/^(?:won|lost|paid|unpaid|void|hired|rejected|open|closed|draft|active|paused)$/i.test(value) && !/lifecycle|stage/i.test(thing))
        return `${start}⟪mark⟫ ${thing} as ${value}`;
      return `${start}⟪set⟫ ${thing} to ${value.replace(/^(?:on|to)\s+/, "")}`;
    },
  ],
  // "taslaklar hariç": excluding them; "hepsi dahil": all of them; "elenenler de": those too.
  [re(String.raw`\b(?:hepsi|tümü|hepsini)\s+dahil\b`), "all of them"],
  [re(String.raw`\s+(?:ama|fakat|ancak)\s+([^.?!;:,]+?)\s+(?:hariç|dışında)(?=\s*(?:[.?!;:,]|$))`), ", excluding $1"],
  [re(String.raw`(^|[.?!;:,]\s*)([^.?!;:,]+?)\s+(?:hariç|dışında)(?=\s*(?:[.?!;:,]|$))`), "$1excluding $2"],
  [re(String.raw`(^|[.?!;:,]\s*)([^.?!;:,]+?)\s+dahil(?=\s*(?:[.?!;:,]|$))`), "$1including $2"],
  [re(String.raw`(^|[.?!;:,]\s*)(\p{L}+)\s+(?:de|da)(?=\s*(?:[.?!;]|$))`), "$1$2 too"],
  [re(String.raw`\bsadece\s+(\p{L}+)\s+olan(?:lar|ları)?\b`), "only $1 ones"],
  // "X ilanına ... başvurdu": the candidates for the job ("applied" would be read as their stage).
  [re(String.raw`\b(?:başvurdu|başvuran|başvurmuş|başvuranlar)\b`), ""],
  // "teklif aşamasına gelen aday": the candidate in that stage.
  [re(String.raw`\bto\s+(the\s+[^,.?!;]+?\s+stage)\s+(?:gelen|geçen|ulaşan|çıkan|giden|geçmiş|gelmiş|ulaşmış)(?:ler)?\b`), "in $1"],
  // Questions and what is asked.
  [re(String.raw`\bne\s+kadar\s+(?:tahsilat|ödeme|para)\s+(?:bekliyoruz|alacağız|gelecek|alacağımız\s+var)\b`), "how much do they owe us"],
  [re(String.raw`\b(?:kestik|kesmişiz|kestiğimiz)\b`), ""],
  [
    re(String.raw`\ben\s+(?:çok|fazla)\s+(?:borcu\s+olan|borçlu\s+olan|borçlu)\s+(?:müşteri|firma|şirket)\p{L}*(?:\s+(?:hangisi|kim|kimdir|hangileri))?`),
    "which client owes us the most",
  ],
  [re(String.raw`(^|${STOP}\s*)([^.?!;:,]*?)\s+say[ıi]s[ıi]\s+(?:kaç|nedir|ne)\b`), "$1how many $2"],
  [re(String.raw`(${NAME})\s+hangi\s+(?:firmada|şirkette|hesapta)\s+(?:çalışıyor|çalışır|çalışıyordu)\p{L}*`), "show $1"],
  [re(String.raw`\b(${NOUN})(${ENDINGS})\s+kaçı\b`), (_, stem: string, endings: string) => `how many ${noun(stem, `ler${endings}`)}`],
  [re(String.raw`\b(?:toplam\s+)?alacağ[ıi]m[ıi]z\s+(?:toplam\s+)?(?:ne\s+kadar|nedir|ne)\b`), "how much do they owe us in total"],
  [
    re(
      String.raw`\b(?:en\s+)?(?:eskiden|yeniden|büyükten|küçükten|yüksekten|düşükten)\s+(?:en\s+)?(?:yeniye|eskiye|küçüğe|büyüğe|düşüğe|yükseğe)(?:\s+(?:doğru|göre))?(?:\s+(?:sırala|sıralı|diz)${ASKED})?(?!\p{L})`,
    ),
    "",
  ],
  [re(String.raw`\b(?:toplam\s+)?ne\s+kadar\s+(?:borçlu(?:lar)?|borçları\s+var|alacağımız\s+var|alacağımız)\b`), "how much do they owe us in total"],
  [re(String.raw`\bne\s+kadar\s+kaldı\b|\bne\s+kadar\s+kalmış\b|\bkalan\s+ne\s+kadar\b`), "how much is left"],
  [re(String.raw`\btoplam(?:da)?\s+ne\s+kadar\b|\bne\s+kadar\s+ediyor\b|\bne\s+ediyor\b`), "how much in total"],
  [re(String.raw`\bne\s+kadar(?:dı|mış|ydı)?\b|\bkaç\s+para(?:ydı|dır)?\b`), "how much"],
  [re(String.raw`\bne\s+zaman\b`), "when"],
  [re(String.raw`\b(?!döviz\b)(\p{L}+)\s+bazında\b`), "per $1"],
  [re(String.raw`\bdöviz\s+bazında\b|\bpara\s+birimine\s+göre\b|\bdöviz\s+cinsinden\b|\bkur\s+bazında\b`), "per currency"],
  [re(String.raw`\bkimlerle\s+(?:çalışıyoruz|görüşüyoruz)\b|\bkimleri\s+(?:tanıyoruz|biliyoruz)\b`), "who are our contacts"],
  [re(String.raw`^(.*?)\s*\bkaç\s+(?:tane\s+)?(.+?)\s+(?:var|vardır)(?:\s+m[ıi])?(?=\s*[?.!,;]|\s*$)`), "how many $1 $2 are there"],
  // "şu an aktif kaç kişi kayıtlı": how many people first.
  [re(String.raw`(^|[.?!;:,]\s*)([^.?!;:,]*?)\s*\bkaç\s+(?:tane\s+)?(?!(?:gün|hafta|ay|yıl|sene|saat)\b)(\p{L}+)`), "$1how many $3 $2"],
  [re(String.raw`\bkaç\s+(?:tane\s+)?`), "how many "],
  [re(String.raw`\b(?:var\s+m[ıi]|mevcut\s+mu)\b`), "are there any"],
  // "ödendi mi", "geldi mi": a question, asked before the word.
  [re(String.raw`\b(\S+)\s+(paid|unpaid|overdue|void|issued|won|lost|hired|rejected)\s+m[ıiuü]\b`), "is $1 $2"],
  [re(String.raw`\s+m[ıiuü](?=\s*[?.!,]|\s*$)`), ""],
  // "olanlar", "olan": the ones that.
  [re(String.raw`\b(\p{L}+)\s+olan(?:lar|ları)?\b`), "$1"],
  [re(String.raw`\bolan(?:lar|ları)\b`), "ones"],
  [re(String.raw`\b((?:part\s+)?\S+)\s+olarak\b`), (_, what: string) => `as ${/^part\s/.test(what) ? "a " : ""}${what}`],
  // A request's verb, English, held until it is put first in its clause.
  [re(String.raw`\bat(?:ar\s*m[ıi]s[ıi]n(?:[ıi]z)?|abilir\s*mi(?:s[ıi]n(?:[ıi]z)?)?|ın|alım|sana)(?!\p{L})`), held("send")],
  [re(String.raw`\b(${VERB})${ASKED}(?!\p{L})`), (_, stem: string) => held(VERB_OF.get(fold(stem).replace(/\s+/g, " ")) ?? stem)],
  // Nouns with their endings ("faturalarının" invoices), and counted in the plural ("kaç kişi" how many people).
  [re(String.raw`\b(${NOUN})(${ENDINGS})\b`), (_, stem: string, endings: string) => noun(stem, endings)],
  [
    /\bhow\s+many((?:\s+[a-z]+){1,3})/g,
    (whole: string, words: string) => {
      const before = words.trim().split(/\s+/);
      const stop = before.findIndex((word) => /^(?:in|at|for|of|to|with|from|on|by)$/.test(word));
      const counted = (stop < 0 ? before : before.slice(0, stop)).filter((word) => PLURAL_OF.has(word)).pop();
      return counted ? whole.replace(new RegExp(`\\b${counted}\\b`), PLURAL_OF.get(counted)!) : whole;
    },
  ],
  [new RegExp(String.raw`(^|${STOP}\s*)((?:[^.?!;:,⟪⟫]|[.,](?=\S)|${NAMED_COLON})*?)\s*⟪([^⟫]+)⟫(⟪to⟫\s*)?(?=\s*(?:${STOP}|$))`, "gu"), verbFirst],
  [/\s*⟪to⟫\s*/gu, " to "],
  [/⟪([^⟫]+)⟫/gu, "$1"],
  // "Stark deal'ini kapat": the Stark deal.
  [/\b((?:\p{Lu}[\p{L}\p{N}&-]*\s+)*\p{Lu}[\p{L}\p{N}&-]*)\s+the\s+(deals?|invoices?|jobs?|candidates?|contacts?|sequences?)\b/gu, "the $1 $2"],
  // Question words at a clause's end, first.
  [
    re(
      String.raw`(^|${STOP}\s*)(?:the\s+)?((?:[^.?!;:,]|[.,](?=\S)|${NAMED_COLON})*?)\s+(hangileri|hangisi|kimler|kimdi|kim|neler|nedir|ne)(?=\s*(?:${STOP}|$))`,
    ),
    "$1$3 $2",
  ],
];

const WORDS: Record<string, string> = {
  hangileri: "which",
  hangisi: "which",
  hangi: "which",
  kimler: "who are",
  kimdi: "who is",
  kim: "who is",
  neler: "what are",
  nedir: "what is",
  ne: "what is",
  nerede: "where",
  neden: "why",
  kaç: "how many",
  kac: "how many",
  var: "",
  yok: "none",
  için: "for",
  icin: "for",
  ile: "with",
  ve: "and",
  veya: "or",
  ama: "but",
  fakat: "but",
  ancak: "but",
  gibi: "like",
  göre: "by",
  bazında: "per",
  hariç: "excluding",
  haric: "excluding",
  dahil: "included",
  sadece: "only",
  yalnızca: "only",
  hepsi: "all",
  hepsini: "all",
  tüm: "all",
  bütün: "all",
  toplam: "total",
  yeni: "new",
  eski: "old",
  bu: "this",
  bunu: "it",
  şu: "that",
  şunu: "that",
  şunları: "those",
  vazgeçti: "changed their mind",
  kesildi: "was billed",
  vazgeçtiler: "changed their mind",
  bunları: "them",
  onu: "it",
  onları: "them",
  onlardan: "from them",
  ona: "them",
  biz: "we",
  bize: "us",
  bizim: "our",
  bizde: "we have",
  henüz: "yet",
  hâlâ: "still",
  hala: "still",
  artık: "now",
  zaten: "already",
  daha: "more",
  çok: "very",
  bir: "a",
  iki: "two",
  üç: "three",
  de: "also",
  da: "also",
  ki: "",
  mi: "",
  mı: "",
  mu: "",
  mü: "",
  ya: "",
  yani: "",
  abi: "",
  hocam: "",
  lütfen: "please",
  lutfen: "please",
  olan: "",
  olarak: "as",
  geldi: "came",
  gelmiş: "came",
  gelecek: "will come",
  gelecekmiş: "will come",
  gönderdik: "sent",
  gonderdik: "sent",
  aldık: "won",
  oldu: "became",
  lazım: "needed",
  lazim: "needed",
  gerek: "needed",
  başvurdu: "applied",
  basvurdu: "applied",
  başvuran: "applied",
  kayıtlı: "enrolled",
  kayitli: "enrolled",
  yanlış: "wrongly",
  hatalı: "wrong",
  hatali: "wrong",
  uygun: "fit",
  değil: "not",
  degil: "not",
  tarafında: "at",
  tarafındaki: "at",
  tarafindaki: "at",
  tarafinda: "at",
  ilk: "first",
  sonraki: "next",
  ödeme: "payment",
  iptal: "void",
  müşterimiz: "our customer",
  musterimiz: "our customer",
  ay: "month",
  yıl: "year",
  sene: "year",
  ilgili: "about",
  ekstre: "statement",
  kuruş: "cents",
  yetersiz: "insufficient",
  iyiydi: "was good",
  hatırlatma: "reminder",
  ortalama: "average",
  ağırlıklı: "weighted",
  teknik: "technical",
  bilgi: "information",
  ürün: "product",
  proje: "project",
};

/** Each word also as typed without its Turkish letters, for the translator's look-up ("ödeme", "odeme", "kayıtlı", "kayitli"). */
const bare = (word: string) => word.normalize("NFD").replace(/\p{M}/gu, "").normalize("NFC");
const SPELLINGS = Object.fromEntries(
  Object.entries(WORDS).flatMap(([word, english]) => [...new Set([word, bare(word), fold(word)])].map((spelling) => [spelling, english])),
);

const translated = translator({ markers: MARKERS, phrases: PHRASES, words: SPELLINGS });

/**
 * A value in quotes said before its verb ('açıklamasını "Kumaş numunesi" olarak güncelle', '"Yıllık bakım" adında
 * yeni fırsat'): the translator reads each side of a quote apart, so the verb is put before the quote first.
 */
const QUOTED: [RegExp, string][] = [
  [re(String.raw`\s*("[^"]+"|“[^”]+”)\s+olarak\s+(güncelle|düzelt|değiştir|ayarla|gir|yap)(${ASKED})(?!\p{L})`), " $2$3⟪to⟫ $1"],
  [re(String.raw`("[^"]+"|“[^”]+”)\s+(?:adında|adlı|isimli|ismiyle)\s+(?:yeni\s+)?(?:bir\s+)?(\p{L}+)`), "yeni $2 named $1"],
];

/** The message in English, when it holds Turkish; else as it was. */
export const fromTurkish = (message: string): string =>
  translated(MARKERS.test(message) ? QUOTED.reduce((text, [from, to]) => text.replace(from, to), message) : message);
