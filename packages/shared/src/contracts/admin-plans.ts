// Back-office contracts (issue 7): filled in by the section that owns them.
export {};
