/**
 * A DNS resolver of the test's own, for mailauth's SPF, DKIM and DMARC look-ups: answers from `records`, keyed
 * `TYPE:name` (`'TXT:example.test'`), and "not found" for anything else, as a real resolver would.
 */
export function testDnsResolver(records: Record<string, string[][]>) {
  return async (name: string, rr: string) => {
    const found = records[`${rr}:${name.toLowerCase()}`];
    if (found) return found;
    throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  };
}
