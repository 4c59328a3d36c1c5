const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/**
 * "https://www.Acme.com/about" -> "acme.com": the form accounts are stored and
 * matched in. Returns null when what is left is not a host name.
 */
export function normalizeDomain(raw: string): string | null {
  let host = raw.trim().toLowerCase();
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(host)) {
    try {
      host = new URL(host).hostname;
    } catch {
      return null;
    }
  } else {
    if (/[@\s\\]/.test(host)) return null; // an email address or junk, not a name the URL parser should guess at
    try {
      // Through the URL parser, so an internationalized name becomes its ASCII (punycode) form.
      host = new URL(`http://${host.split(/[/?#:]/)[0]!}`).hostname;
    } catch {
      return null;
    }
  }
  host = host.replace(/\.$/, "").replace(/^www\./, "");
  return HOST.test(host) ? host : null;
}

/** The domain of an email address, lower case ("Ann@Sales.Acme.com" -> "sales.acme.com"). */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}
