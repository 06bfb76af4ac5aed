// Placeholder until this page lands (same session).
export default function PlaceholderRoute() {
  return null;
}
