/** A small HTTP client for the judge: JSON in and out, one key, waits out a 429 as a user's client would. */
export interface Reply<T = unknown> {
  status: number;
  body: T;
}

export class Api {
  constructor(
    readonly url: string,
    readonly key: string,
  ) {}

  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<Reply<T>> {
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(this.url + path, {
        method,
        headers: { authorization: `Bearer ${this.key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status === 429 && attempt < 5) {
        await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers.get("retry-after") ?? 1)));
        continue;
      }
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
    }
  }

  async get<T = unknown>(path: string): Promise<T> {
    const reply = await this.call<T>("GET", path);
    if (reply.status !== 200) throw new Error(`GET ${path} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    return reply.body;
  }

  /** Every item of a list endpoint, page by page. */
  async all<T = unknown>(path: string): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; ; page++) {
      const sep = path.includes("?") ? "&" : "?";
      const { data, meta } = await this.get<{ data: T[]; meta: { total: number } }>(`${path}${sep}per_page=100&page=${page}`);
      items.push(...data);
      if (items.length >= meta.total || data.length === 0) return items;
    }
  }
}
