// Placeholder until the two-factor feature lands (same session).
export function TwoFactorManager() {
  return null;
}
