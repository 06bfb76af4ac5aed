import { createApiReference } from '@scalar/api-reference';
import styles from '@scalar/api-reference/style.css?inline';

/**
 * Scalar's API reference, loaded with a dynamic import() by /api-documentation alone (it is far past the landing page's
 * budget). Nothing is fetched from the internet: no default fonts, no telemetry, no proxy, no AI agent, no developer
 * toolbar (its buttons reach scalar.com). The site has a light theme only, and so does the reference.
 *
 * Its stylesheet is added while the reference is shown and removed with it, so that none of its rules (global ones
 * included) outlive the page; the one rule that reaches other libraries' elements (Radix popovers) is left out.
 */
const RADIX_RULE = /\[data-radix-popper-content-wrapper\]\s*\{[^}]*\}/g;
const BODY_CLASSES = ['light-mode', 'dark-mode'];

/**
 * Scalar's copy buttons show only an icon until hovered (axe: button-name; their words are hidden, so innerText). They are named as they appear, until Scalar names them;
 * the observer stops with the reference.
 */
function nameIconButtons(element: HTMLElement, copyLabel: string): MutationObserver {
  const name = () => {
    for (const button of element.querySelectorAll<HTMLButtonElement>('button')) {
      const named = button.getAttribute('aria-label')?.trim() || button.getAttribute('aria-labelledby') || button.innerText.trim();
      if (!named) button.setAttribute('aria-label', copyLabel);
    }
  };
  const observer = new MutationObserver(name);
  observer.observe(element, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-label'] });
  name();
  return observer;
}

export function mountApiReference(
  element: HTMLElement,
  document: Record<string, unknown>,
  { copyLabel }: { copyLabel: string },
): () => void {
  const style = window.document.createElement('style');
  style.dataset.owner = 'api-reference';
  style.textContent = styles.replace(RADIX_RULE, '');
  window.document.head.append(style);

  const reference = createApiReference(element, {
    content: document,
    layout: 'modern',
    theme: 'default',
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    showDeveloperTools: 'never',
    hideDarkModeToggle: true,
    forceDarkModeState: 'light',
    darkMode: false,
    hideDownloadButton: false,
    // The page has its own table of contents, and the samples above show the calls: Scalar's sidebar, search, client
    // picker and request tester (whose markup fails axe: aria-selected on buttons, a tablist without tabs) stay off.
    showSidebar: false,
    hideSearch: true,
    hiddenClients: true,
    hideClientButton: true,
    hideTestRequestButton: true,
    // Every operation open, whatever the address says; each shows its own schemas, so the separate list of models (whose
    // entries nest a button in a button: axe nested-interactive) stays off.
    defaultOpenAllTags: true,
    hideModels: true,
    documentDownloadType: 'json',
    // The site's own fonts, and greys and method colours dark enough for 4.5:1 on white (WCAG 2.1 AA).
    customCss: `.scalar-app { --scalar-font: inherit; --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.light-mode, .light-mode .scalar-app { --scalar-color-2: #3f3f46; --scalar-color-3: #52525b; --scalar-color-green: #047857;
  --scalar-color-blue: #1d4ed8; --scalar-color-red: #b91c1c; --scalar-color-orange: #b45309; --scalar-color-yellow: #a16207;
  --scalar-color-purple: #6d28d9; }
.scalar-app .dark-mode { --scalar-color-red: #fca5a5; --scalar-color-green: #6ee7b7; --scalar-color-blue: #93c5fd;
  --scalar-color-orange: #fdba74; --scalar-color-yellow: #fde047; --scalar-color-purple: #c4b5fd; }`,
  });

  const observer = nameIconButtons(element, copyLabel);

  return () => {
    observer.disconnect();
    reference.destroy();
    style.remove();
    // The colour-mode classes Scalar puts on <body> (only its own variables hang on them).
    window.document.body.classList.remove(...BODY_CLASSES);
  };
}
