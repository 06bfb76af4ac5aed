/** The query keys a settings change touches, so that a save or a reset refreshes exactly these. */
export const systemSettingsKeys = {
  all: ['admin', 'settings'] as const,
};

/**
 * GET /api/platform's key (src/lib/platform/use-platform-info.ts): maintenance, upload limit and theme for every page.
 * A save marks it stale so that the back office takes the new colours at once, not at its next minute's check.
 */
export const PLATFORM_KEY = ['platform'] as const;
