/** The words on every hosted page, so that nobody mistakes the simulator for Stripe or a payment for a real one. */
export const SIMULATOR_NOTICE = 'Stripe simulator — test mode, no real payment';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a; background: #f6f7f9; }
  body { margin: 0; }
  main { max-width: 34rem; margin: 0 auto; padding: 1.5rem; }
  .notice { background: #fff4ce; border: 2px solid #8a6d00; border-radius: 0.5rem; padding: 0.75rem 1rem; font-weight: 600; }
  .card { background: #fff; border: 1px solid #c9ced6; border-radius: 0.5rem; padding: 1rem 1.25rem; margin: 1rem 0; }
  .price { font-size: 1.5rem; font-weight: 700; margin: 0.25rem 0; }
  label { display: block; font-weight: 600; margin-top: 0.75rem; }
  input { display: block; width: 100%; box-sizing: border-box; font: inherit; padding: 0.5rem; border: 1px solid #6b7280; border-radius: 0.375rem; }
  button { display: block; width: 100%; font: inherit; font-weight: 600; padding: 0.75rem; margin-top: 0.75rem; border-radius: 0.375rem; border: 2px solid #1d3fbb; cursor: pointer; }
  button.pay { background: #1d3fbb; color: #fff; }
  button.decline { background: #fff; color: #1d3fbb; }
  a { color: #1d3fbb; }
  :focus-visible { outline: 3px solid #b3261e; outline-offset: 3px; }
  [role="alert"] { color: #8c1d18; background: #fdecea; border-left: 4px solid #b3261e; padding: 0.5rem 0.75rem; }
  [role="status"] { background: #e7f4ea; border-left: 4px solid #1e7b34; padding: 0.5rem 0.75rem; }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; padding: 0.375rem 0.25rem; border-bottom: 1px solid #e3e6ea; vertical-align: top; }
  td.amount, th.amount { text-align: right; white-space: nowrap; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;

/** A whole hosted page: English, the simulator's notice first, then `body` (already escaped HTML) in the main region. */
export function pageHtml(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Stripe simulator</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="notice">${escapeHtml(SIMULATOR_NOTICE)}</p>
${body}
</main>
</body>
</html>
`;
}

/** A link to a URL given to the API, checked to be http(s) when it was given. */
export function linkTo(url: string | null | undefined, text: string): string {
  return url ? `<p><a href="${escapeHtml(url)}">${escapeHtml(text)}</a></p>` : '';
}
