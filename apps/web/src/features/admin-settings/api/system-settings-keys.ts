/**
 * The query keys a settings change touches, so that a save or a reset refreshes exactly these. A save also marks
 * GET /api/platform (src/lib/platform/use-platform-info.ts) stale, so that the back office takes the new colours at
 * once, not at its next minute's check.
 */
export const systemSettingsKeys = {
  all: ['admin', 'settings'] as const,
};
