/** Copies text; false when the browser refuses (no permission, or a page not served over HTTPS or localhost). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
