import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Where a stored secret belongs: its ciphertext cannot be moved to another profile or setting. */
export interface SettingValueOwner {
  readonly profileId: number;
  readonly serviceSettingId: number;
}

const FORMAT_VERSION = 1;
const KEY_ID_LENGTH = 4;
const IV_LENGTH = 12;
const TAG_LENGTH = 16;
const HEADER_LENGTH = 1 + KEY_ID_LENGTH;
export const SETTINGS_KEY_LENGTH = 32;

/** Raised when a stored secret cannot be read back: a server fault (wrong or missing key), never input. */
export class SettingValueDecryptionError extends Error {
  constructor(reason: string) {
    super(`A secure setting value cannot be decrypted: ${reason}`);
    this.name = 'SettingValueDecryptionError';
  }
}

/** The first bytes of the key's SHA-256: names the key in each ciphertext without revealing it. */
const keyIdOf = (key: Buffer): Buffer => createHash('sha256').update(key).digest().subarray(0, KEY_ID_LENGTH);

/**
 * AES-256-GCM for the values of secure service settings. A stored value is
 * `version (1) | key id (4) | IV (12) | tag (16) | ciphertext`; the header and the owner
 * (profile and setting) are authenticated with it. Writes use the current key; reads also accept
 * the previous keys, so that a key can be rotated without rewriting every value at once.
 */
export class SettingValueCipher {
  private readonly current: { id: Buffer; key: Buffer };
  private readonly readable: Map<string, Buffer>;

  constructor(currentKey: Buffer, previousKeys: readonly Buffer[] = []) {
    for (const key of [currentKey, ...previousKeys]) {
      if (key.length !== SETTINGS_KEY_LENGTH)
        throw new Error(`An AES-256 key has ${SETTINGS_KEY_LENGTH} bytes.`);
    }
    this.current = { id: keyIdOf(currentKey), key: currentKey };
    this.readable = new Map([currentKey, ...previousKeys].map((key) => [keyIdOf(key).toString('hex'), key]));
  }

  encrypt(plaintext: string, owner: SettingValueOwner): Buffer {
    const header = Buffer.concat([Buffer.from([FORMAT_VERSION]), this.current.id]);
    const iv = randomBytes(IV_LENGTH);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv, { authTagLength: TAG_LENGTH });
    cipher.setAAD(associatedData(header, owner));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([header, iv, cipher.getAuthTag(), ciphertext]);
  }

  decrypt(stored: Buffer, owner: SettingValueOwner): string {
    if (stored.length < HEADER_LENGTH + IV_LENGTH + TAG_LENGTH)
      throw new SettingValueDecryptionError('too short');
    if (stored[0] !== FORMAT_VERSION)
      throw new SettingValueDecryptionError(`unknown format version ${stored[0]}`);
    const header = stored.subarray(0, HEADER_LENGTH);
    const keyId = header.subarray(1).toString('hex');
    const key = this.readable.get(keyId);
    if (!key) {
      throw new SettingValueDecryptionError(
        `it was written with the key ${keyId}, which is neither SETTINGS_ENCRYPTION_KEY nor one of SETTINGS_ENCRYPTION_PREVIOUS_KEYS`,
      );
    }
    const iv = stored.subarray(HEADER_LENGTH, HEADER_LENGTH + IV_LENGTH);
    const tag = stored.subarray(HEADER_LENGTH + IV_LENGTH, HEADER_LENGTH + IV_LENGTH + TAG_LENGTH);
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_LENGTH });
    decipher.setAAD(associatedData(header, owner));
    decipher.setAuthTag(tag);
    try {
      const body = stored.subarray(HEADER_LENGTH + IV_LENGTH + TAG_LENGTH);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch {
      throw new SettingValueDecryptionError(
        'it does not authenticate (altered, or stored for another owner)',
      );
    }
  }

  /** The id of the current key, as ciphertexts name it (hex): for logs and operators. */
  get currentKeyId(): string {
    return this.current.id.toString('hex');
  }
}

function associatedData(header: Buffer, owner: SettingValueOwner): Buffer {
  return Buffer.concat([
    header,
    Buffer.from(`service_setting_value:${owner.profileId}:${owner.serviceSettingId}`, 'utf8'),
  ]);
}
