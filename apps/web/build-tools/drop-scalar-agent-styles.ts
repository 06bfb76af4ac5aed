import type { Plugin } from 'vite';

const AGENT_STYLES = '@scalar/agent-chat/style.css';
const EMPTY = '\0faxline-empty-agent-styles';

/**
 * Scalar's API reference (/api-documentation) imports the stylesheet of its AI agent, which we turn off. Bundled, that
 * stylesheet would be linked into the document when the page loads and stay there for the rest of the visit, with
 * rules of its own on :root, body and every Radix popover of the site. It becomes an empty module instead; the
 * reference's own styles are added and removed with it (src/features/developers/reference/mount-api-reference.ts).
 */
export function dropScalarAgentStyles(): Plugin {
  return {
    name: 'faxline:drop-scalar-agent-styles',
    enforce: 'pre',
    resolveId: (id) => (id === AGENT_STYLES ? EMPTY : null),
    load: (id) => (id === EMPTY ? 'export {};' : null),
  };
}
