import type { EntityManager } from 'typeorm';

import type { SettingValueCipher } from './setting-value-cipher';

const BATCH = 500;

/**
 * Encrypts the values of a setting that are still stored as text, in the caller's transaction:
 * when a setting becomes secure, its values are encrypted at rest at once. Batches of 500 rows,
 * each row locked, so memory stays bounded however many profiles hold a value.
 */
export async function encryptTextValuesOfSetting(
  manager: EntityManager,
  cipher: SettingValueCipher,
  serviceSettingId: number,
): Promise<number> {
  let encrypted = 0;
  let after = 0;
  for (;;) {
    const rows = await manager.query<{ id: number; profile_id: number; value: string }[]>(
      `SELECT id, profile_id, value FROM service_setting_value
        WHERE service_setting_id = $1 AND value IS NOT NULL AND id > $2
        ORDER BY id LIMIT ${BATCH} FOR UPDATE`,
      [serviceSettingId, after],
    );
    if (rows.length === 0) return encrypted;
    await manager.query(
      `UPDATE service_setting_value stored SET encrypted_value = batch.encrypted_value, value = NULL
         FROM unnest($1::integer[], $2::bytea[]) AS batch (id, encrypted_value)
        WHERE stored.id = batch.id`,
      [
        rows.map((row) => row.id),
        rows.map((row) => cipher.encrypt(row.value, { profileId: row.profile_id, serviceSettingId })),
      ],
    );
    encrypted += rows.length;
    after = rows[rows.length - 1].id;
  }
}
