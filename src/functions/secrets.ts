import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync, linkSync, unlinkSync } from "node:fs";
import path from "node:path";

/**
 * Function secrets at rest: one AES-256-GCM ciphertext per version, under a
 * key from FUNCTION_SECRETS_KEY. The version label leaves room for a key
 * rotation that reads old ciphertexts while writing new ones.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /** 32 bytes, base64 (what `openssl rand -base64 32` prints). */
  static fromBase64(text: string): SecretBox {
    const key = Buffer.from(text, "base64");
    if (key.length !== 32) throw new Error("must be 32 bytes in base64 (openssl rand -base64 32)");
    return new SecretBox(key);
  }

  /** A key for this process only (tests): what it seals cannot be opened after a restart. */
  static ephemeral(): SecretBox {
    return new SecretBox(randomBytes(32));
  }

  /**
   * The key kept in a file beside the embedded database, made on first use:
   * the zero-configuration default. Servers sharing a PostgreSQL database must
   * share FUNCTION_SECRETS_KEY instead.
   */
  static fromFile(file: string): SecretBox {
    if (!existsSync(file)) {
      mkdirSync(path.dirname(file), { recursive: true });
      // Written whole under a name of its own, then linked into place: processes starting together on one
      // machine never read a half-written key, and the first link wins (the others read the winner's key).
      const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
      writeFileSync(draft, randomBytes(32).toString("base64"), { flag: "wx", mode: 0o600 });
      try {
        linkSync(draft, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      } finally {
        unlinkSync(draft);
      }
    }
    chmodSync(file, 0o600);
    return SecretBox.fromBase64(readFileSync(file, "utf8").trim());
  }

  seal(secrets: Record<string, string>): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(secrets), "utf8"), cipher.final()]);
    return ["v1", iv.toString("base64"), cipher.getAuthTag().toString("base64"), body.toString("base64")].join(":");
  }

  open(sealed: string): Record<string, string> {
    const [label, iv, tag, body] = sealed.split(":");
    if (label !== "v1" || !iv || !tag || body === undefined) throw new Error("function secrets: unknown ciphertext format");
    const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(iv, "base64"));
    decipher.setAuthTag(Buffer.from(tag, "base64"));
    const text = Buffer.concat([decipher.update(Buffer.from(body, "base64")), decipher.final()]).toString("utf8");
    return JSON.parse(text) as Record<string, string>;
  }
}
