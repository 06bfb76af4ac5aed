// Every route of spec 000 §2 and spec 001 §2 is named once, in packages/shared (the server's e-mails link to the same
// pages). Router, links and navigation helpers use these, never string literals.
export { webPaths as paths, type TSupportSection } from '@faxline/shared';
